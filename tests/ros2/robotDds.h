/*
 * The ROS 2 test robot's middleware, one of two behind the same calls: robotCyclone.c (Cyclone DDS, a robot on
 * rmw_cyclonedds_cpp) or robotFastdds.cpp (Fast DDS, a robot on rmw_fastrtps_cpp). testRobot.c, the robot,
 * is the same on both. Samples are idlc's C structs (ros2.h, generated from the ROS 2 interfaces); a service
 * request's and reply's rmw_guid and rmw_seq hold the request's identity as the robot's rmw gives it (the
 * payload's header on Cyclone, the sample identity in RTPS on Fast DDS): the robot copies them from a request
 * to its reply, as a ROS service passes rmw_request_id_t from rmw_take_request to rmw_send_response.
 */
#ifndef ROBOT_DDS_H
#define ROBOT_DDS_H
#include <stdint.h>
#include "dds/dds.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t endpoint_t;

/* 0 once the robot's participant is up on `domain`. */
int robot_dds_start(int domain);
/* Endpoints with Nav2's QoS: reliable, keep last 10, volatile; `latched`: transient local, keep last 1. */
endpoint_t writer(const dds_topic_descriptor_t *d, const char *name, int latched);
endpoint_t reader(const dds_topic_descriptor_t *d, const char *name);
void robot_write(endpoint_t w, const void *sample);
/* The reader's next sample (NULL when there is none), given back with robot_release. */
void *robot_take(endpoint_t r);
void robot_release(endpoint_t r, void *sample);

#ifdef __cplusplus
}
#endif
#endif
