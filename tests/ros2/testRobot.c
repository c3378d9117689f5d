/*
 * A ROS 2 test robot (issues 33, 41), with the types idlc generated from the ROS 2 interfaces: on the wire it is
 * what a Nav2 robot on rmw_cyclonedds is (linked with robotCyclone.c) or on rmw_fastrtps (robotFastdds.cpp);
 * this file is the robot either way. Built and started by tests/ros2/ros2Harness.ts.
 *
 * It publishes a transient-local /map and /amcl_pose, /battery_state and /battery_aux, /joint_states, and on
 * request /diagnostics; it serves NavigateToPose as Nav2 does: a goal is accepted, executes (feedback and
 * status), drives there at SPEED m/s and SUCCEEDS; a goal on an occupied or unknown cell or off the map is
 * ABORTED; a new goal ABORTS the one in progress; cancel_goal CANCELS it. Built with JAZZY_RESULT, its result
 * is Jazzy's (error_code, error_msg), else Humble's (empty). Tests talk to it by its streams:
 *   stdout: {"ready":true}, then {"got":WHAT,...} for every command received, {"done":CMD} for each control.
 *   stdin, a command a line: silent 0|1, battery C1 C2, diag LEVEL NAME, reject_next,
 *   ignore_cancel 0|1 (cancel requests are refused, the goal drives on), ignore_goals 0|1 (goals get no
 *   answer), bad map|pose|status, maps N (a burst of N maps).
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dds/dds.h"
#include "testRobot.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
double x, y, yaw;
int8_t grid[W * H];
struct goal goals[MAX_GOALS];
int ngoals;
static double charges[2] = {0.8, 0.6};
static int silent, reject_next, ignore_cancel, ignore_goals, status_dirty = 1;
static char pending_cmd[256];

static struct goal *find_goal(const uint8_t *id) {
  for (int i = 0; i < ngoals; i++)
    if (memcmp(goals[i].id, id, 16) == 0) return &goals[i];
  return NULL;
}

static int terminal(int8_t s) { return s >= 4; }

static void *read_stdin(void *arg) {
  (void)arg;
  char line[256];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    pthread_mutex_lock(&lock);
    snprintf(pending_cmd, sizeof pending_cmd, "%s", line);
    pthread_mutex_unlock(&lock);
    /* One command at a time: the main loop takes it within a step. */
    for (;;) {
      struct timespec ts = {0, 5000000};
      nanosleep(&ts, NULL);
      pthread_mutex_lock(&lock);
      int busy = pending_cmd[0] != 0;
      pthread_mutex_unlock(&lock);
      if (!busy) break;
    }
  }
  exit(0); /* the test closed our stdin: stop */
  return NULL;
}

int main(void) {
  /* The domain as ROS 2 reads it (Cyclone itself does not know ROS_DOMAIN_ID). */
  const char *domain = getenv("ROS_DOMAIN_ID");
  if (robot_dds_start(domain && *domain ? atoi(domain) : 0)) return 1;
  make_grid();
  endpoint_t map_w = writer(&nav_msgs_msg_dds__OccupancyGrid__desc, "rt/map", 1);
  endpoint_t pose_w = writer(&geometry_msgs_msg_dds__PoseWithCovarianceStamped__desc, "rt/amcl_pose", 1);
  endpoint_t bat_w[2] = {writer(&sensor_msgs_msg_dds__BatteryState__desc, "rt/battery_state", 0),
                           writer(&sensor_msgs_msg_dds__BatteryState__desc, "rt/battery_aux", 0)};
  endpoint_t joint_w = writer(&sensor_msgs_msg_dds__JointState__desc, "rt/joint_states", 0);
  endpoint_t diag_w = writer(&diagnostic_msgs_msg_dds__DiagnosticArray__desc, "rt/diagnostics", 0);
  endpoint_t follow_w = writer(&std_msgs_msg_dds__Bool__desc, "rt/follow_me/following", 0);
  endpoint_t status_w = writer(&action_msgs_msg_dds__GoalStatusArray__desc, "rt/navigate_to_pose/_action/status", 1);
  endpoint_t feedback_w = writer(&nav2_msgs_action_dds__NavigateToPose_FeedbackMessage__desc, "rt/navigate_to_pose/_action/feedback", 0);
  endpoint_t goal_rep = writer(&nav2_msgs_action_dds__NavigateToPose_SendGoal_Response__desc, "rr/navigate_to_pose/_action/send_goalReply", 0);
  endpoint_t result_rep = writer(&nav2_msgs_action_dds__NavigateToPose_GetResult_Response__desc, "rr/navigate_to_pose/_action/get_resultReply", 0);
  endpoint_t cancel_rep = writer(&action_msgs_srv_dds__CancelGoal_Response__desc, "rr/navigate_to_pose/_action/cancel_goalReply", 0);
  endpoint_t goal_req = reader(&nav2_msgs_action_dds__NavigateToPose_SendGoal_Request__desc, "rq/navigate_to_pose/_action/send_goalRequest");
  endpoint_t result_req = reader(&nav2_msgs_action_dds__NavigateToPose_GetResult_Request__desc, "rq/navigate_to_pose/_action/get_resultRequest");
  endpoint_t cancel_req = reader(&action_msgs_srv_dds__CancelGoal_Request__desc, "rq/navigate_to_pose/_action/cancel_goalRequest");
  endpoint_t twist_r = reader(&geometry_msgs_msg_dds__Twist__desc, "rt/cmd_vel");
  endpoint_t init_r = reader(&geometry_msgs_msg_dds__PoseWithCovarianceStamped__desc, "rt/initialpose");
  endpoint_t follow_r = reader(&std_msgs_msg_dds__Bool__desc, "rt/follow_me/enable");
  endpoint_t mapping_r = reader(&std_msgs_msg_dds__Bool__desc, "rt/mapping/enable");
  publish_map(map_w, 0);
  pthread_t th;
  pthread_create(&th, NULL, read_stdin, NULL);
  printf("{\"ready\":true}\n");
  fflush(stdout);

  double twist[3] = {0, 0, 0}, wheel = 0, dt = 0.05;
  for (long n = 0;; n++) {
    pthread_mutex_lock(&lock);
    /* --- commands from the back end --- */
    for (SendGoalReq *r; (r = robot_take(goal_req)); robot_release(goal_req, r)) {
      struct geometry_msgs_msg_dds__Pose_ p = r->goal.pose.pose;
      printf("{\"got\":\"goal\",\"frame\":\"%s\",\"x\":%.6f,\"y\":%.6f,\"yaw\":%.6f}\n", r->goal.pose.header.frame_id, p.position.x, p.position.y, yaw_of(p.orientation) * 180 / M_PI);
      if (ignore_goals) continue;
      int accepted = !reject_next;
      reject_next = 0;
      SendGoalRep rep = {r->rmw_guid, r->rmw_seq, accepted, now_stamp()};
      robot_write(goal_rep, &rep);
      if (!accepted) continue;
      /* Nav2 runs one goal: the one in progress is aborted. */
      for (int i = 0; i < ngoals; i++)
        if (!terminal(goals[i].status)) goals[i].status = 6;
      if (ngoals == MAX_GOALS) memmove(goals, goals + 1, sizeof goals[0] * --ngoals);
      struct goal *g = &goals[ngoals++];
      memset(g, 0, sizeof *g);
      memcpy(g->id, r->goal_id.uuid, 16);
      g->tx = p.position.x, g->ty = p.position.y, g->tyaw = yaw_of(p.orientation);
      int col = (int)floor((g->tx - OX) / RES), row = (int)floor((g->ty - OY) / RES);
      int blocked = col < 0 || col >= W || row < 0 || row >= H || grid[row * W + col] != 0;
      g->status = blocked ? 6 : 2;
      status_dirty = 1;
    }
    for (ResultReq *r; (r = robot_take(result_req)); robot_release(result_req, r)) {
      struct goal *g = find_goal(r->goal_id.uuid);
      if (g) g->result_wanted = 1, g->guid = r->rmw_guid, g->seq = r->rmw_seq;
    }
    for (CancelReq *r; (r = robot_take(cancel_req)); robot_release(cancel_req, r)) {
      static const uint8_t zero[16];
      int all = memcmp(r->goal_info.goal_id.uuid, zero, 16) == 0;
      printf("{\"got\":\"cancel\",\"all\":%s}\n", all ? "true" : "false");
      for (int i = 0; i < ngoals && !ignore_cancel; i++)
        if ((all || memcmp(goals[i].id, r->goal_info.goal_id.uuid, 16) == 0) && !terminal(goals[i].status)) goals[i].status = 5;
      /* return_code 1: ERROR_REJECTED, as Nav2 answers a cancel it does not take */
      CancelRep rep = {r->rmw_guid, r->rmw_seq, ignore_cancel ? 1 : 0, {0}};
      robot_write(cancel_rep, &rep);
      status_dirty = 1;
    }
    for (geometry_msgs_msg_dds__Twist_ *t; (t = robot_take(twist_r)); robot_release(twist_r, t)) {
      printf("{\"got\":\"cmd_vel\",\"lx\":%g,\"ly\":%g,\"az\":%g}\n", t->linear.x, t->linear.y, t->angular.z);
      twist[0] = t->linear.x, twist[1] = t->linear.y, twist[2] = t->angular.z;
    }
    for (geometry_msgs_msg_dds__PoseWithCovarianceStamped_ *m; (m = robot_take(init_r)); robot_release(init_r, m)) {
      x = m->pose.pose.position.x, y = m->pose.pose.position.y, yaw = yaw_of(m->pose.pose.orientation);
      printf("{\"got\":\"initialpose\",\"frame\":\"%s\",\"x\":%.6f,\"y\":%.6f,\"yaw\":%.6f}\n", m->header.frame_id, x, y, yaw * 180 / M_PI);
    }
    endpoint_t switches[2] = {follow_r, mapping_r};
    for (int k = 0; k < 2; k++)
      for (std_msgs_msg_dds__Bool_ *b; (b = robot_take(switches[k])); robot_release(switches[k], b)) {
        printf("{\"got\":\"%s\",\"data\":%s}\n", k ? "mapping" : "follow_me", b->data ? "true" : "false");
        if (k == 0) robot_write(follow_w, b);
        if (k == 1 && b->data) {
          /* Mapping "discovers" the unknown patch: it becomes free. */
          for (int i = 0; i < W * H; i++)
            if (grid[i] == -1) grid[i] = 0;
          publish_map(map_w, 0);
        }
      }

    /* --- test controls --- */
    if (pending_cmd[0]) {
      char a[64] = "", b[64] = "";
      sscanf(pending_cmd, "%63s %63s", a, b);
      if (!strcmp(a, "silent")) silent = atoi(b);
      else if (!strcmp(a, "battery")) sscanf(pending_cmd, "%*s %lf %lf", &charges[0], &charges[1]);
      else if (!strcmp(a, "reject_next")) reject_next = 1;
      else if (!strcmp(a, "ignore_cancel")) ignore_cancel = atoi(b);
      else if (!strcmp(a, "ignore_goals")) ignore_goals = atoi(b);
      else if (!strcmp(a, "bad") && !strcmp(b, "map")) publish_map(map_w, 1);
      else if (!strcmp(a, "bad") && !strcmp(b, "pose")) publish_pose(pose_w, 1);
      else if (!strcmp(a, "bad") && !strcmp(b, "status")) publish_status(status_w, 1);
      else if (!strcmp(a, "maps")) {
        /* A burst of maps, one cell toggling: the last has it occupied when the count is even. */
        for (int i = 0, count = atoi(b); i < count; i++) {
          grid[20 * W + 20] = i % 2 ? 100 : 0;
          publish_map(map_w, 0);
        }
      } else if (!strcmp(a, "diag")) {
        int level = 0, at = 0;
        sscanf(pending_cmd, "%*s %d %n", &level, &at);
        struct diagnostic_msgs_msg_dds__DiagnosticStatus_ st = {(uint8_t)level, pending_cmd + at, "test", "test", {0}};
        diagnostic_msgs_msg_dds__DiagnosticArray_ arr = {{now_stamp(), ""}, {1, 1, &st, false}};
        robot_write(diag_w, &arr);
      }
      printf("{\"done\":\"%s\"}\n", pending_cmd);
      pending_cmd[0] = 0;
    }

    /* --- the world, 20 times a second --- */
    struct goal *active = NULL;
    for (int i = 0; i < ngoals; i++)
      if (goals[i].status == 2) active = &goals[i];
    if (active) {
      double d = hypot(active->tx - x, active->ty - y);
      if (d <= SPEED * dt) {
        x = active->tx, y = active->ty, yaw = active->tyaw;
        active->status = 4;
        status_dirty = 1;
      } else {
        yaw = atan2(active->ty - y, active->tx - x);
        x += (active->tx - x) / d * SPEED * dt;
        y += (active->ty - y) / d * SPEED * dt;
        nav2_msgs_action_dds__NavigateToPose_FeedbackMessage_ fb = {0};
        memcpy(fb.goal_id.uuid, active->id, 16);
        fb.feedback.current_pose.header.frame_id = "map";
        fb.feedback.current_pose.pose.position.x = x;
        fb.feedback.current_pose.pose.position.y = y;
        fb.feedback.distance_remaining = (float)d;
        robot_write(feedback_w, &fb);
      }
    } else {
      double c = cos(yaw), sn = sin(yaw);
      x += (twist[0] * c - twist[1] * sn) * dt;
      y += (twist[0] * sn + twist[1] * c) * dt;
      yaw += twist[2] * dt;
      wheel += twist[0] / 0.1 * dt;
    }
    if (status_dirty) publish_status(status_w, 0), status_dirty = 0;
    for (int i = 0; i < ngoals; i++)
      if (goals[i].result_wanted && terminal(goals[i].status)) {
        #ifdef JAZZY_RESULT
        /* Jazzy's result: an error code and message with an ABORTED goal (Humble's is empty). */
        int aborted = goals[i].status == 6;
        ResultRep rep = {goals[i].guid, goals[i].seq, goals[i].status, {aborted ? 104 : 0, aborted ? "No valid path found" : ""}};
#else
        ResultRep rep = {goals[i].guid, goals[i].seq, goals[i].status, {{0}}};
#endif
        robot_write(result_rep, &rep);
        goals[i].result_wanted = 0;
      }
    char *names[2] = {"front_left_steer", "front_left_wheel"};
    double pos[2] = {0.25, wheel}, vel[2] = {0, twist[0] / 0.1};
    sensor_msgs_msg_dds__JointState_ js = {{now_stamp(), ""}, {2, 2, names, false}, {2, 2, pos, false}, {2, 2, vel, false}, {0}};
    robot_write(joint_w, &js);
    if (!silent) {
      publish_pose(pose_w, 0);
      if (n % 5 == 0)
        for (int i = 0; i < 2; i++) {
          sensor_msgs_msg_dds__BatteryState_ bs = {0};
          bs.header.stamp = now_stamp();
          bs.header.frame_id = "";
          bs.percentage = (float)charges[i];
          bs.capacity = 9, bs.design_capacity = 10, bs.charge = NAN;
          bs.location = bs.serial_number = "";
          robot_write(bat_w[i], &bs);
        }
    }
    fflush(stdout);
    pthread_mutex_unlock(&lock);
    struct timespec ts = {0, 50000000};
    nanosleep(&ts, NULL);
  }
}
