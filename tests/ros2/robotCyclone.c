/*
 * The ROS 2 test robot's middleware on Cyclone DDS (robotDds.h): what a robot on rmw_cyclonedds_cpp is on the
 * wire. A request's identity is the {guid, seq} header its payload starts with, as rmw_cyclonedds writes it.
 */
#include <stdio.h>
#include "robotDds.h"

static dds_entity_t pp;

int robot_dds_start(int domain) {
  pp = dds_create_participant((dds_domainid_t)domain, NULL, NULL);
  if (pp < 0) return fprintf(stderr, "no participant: %s\n", dds_strretcode(pp)), 1;
  return 0;
}

static dds_entity_t topic(const dds_topic_descriptor_t *d, const char *name) {
  return dds_create_topic(pp, d, name, NULL, NULL);
}

endpoint_t writer(const dds_topic_descriptor_t *d, const char *name, int latched) {
  dds_qos_t *q = dds_create_qos();
  dds_qset_reliability(q, DDS_RELIABILITY_RELIABLE, DDS_INFINITY);
  dds_qset_durability(q, latched ? DDS_DURABILITY_TRANSIENT_LOCAL : DDS_DURABILITY_VOLATILE);
  dds_qset_history(q, DDS_HISTORY_KEEP_LAST, latched ? 1 : 10);
  dds_entity_t w = dds_create_writer(pp, topic(d, name), q, NULL);
  dds_delete_qos(q);
  return w;
}

endpoint_t reader(const dds_topic_descriptor_t *d, const char *name) {
  dds_qos_t *q = dds_create_qos();
  dds_qset_reliability(q, DDS_RELIABILITY_RELIABLE, DDS_INFINITY);
  dds_qset_history(q, DDS_HISTORY_KEEP_LAST, 10);
  dds_entity_t r = dds_create_reader(pp, topic(d, name), q, NULL);
  dds_delete_qos(q);
  return r;
}

void robot_write(endpoint_t w, const void *sample) {
  dds_write(w, sample);
}

void *robot_take(endpoint_t r) {
  void *s[1] = {NULL};
  dds_sample_info_t si;
  while (s[0] = NULL, dds_take(r, s, &si, 1, 1) == 1) {
    if (si.valid_data) return s[0];
    dds_return_loan(r, s, 1);
  }
  return NULL;
}

void robot_release(endpoint_t r, void *sample) {
  void *s[1] = {sample};
  dds_return_loan(r, s, 1);
}
