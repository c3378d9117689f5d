/*
 * What the ROS 2 test robot's two files share (testRobot.c: the robot and its loop; robotMessages.c: its DDS
 * endpoints and the messages it publishes). Types are idlc's, generated from the ROS 2 interfaces (ros2.h).
 */
#ifndef TEST_ROBOT_H
#define TEST_ROBOT_H
#include <stdint.h>
#include "dds/dds.h"
#include "robotDds.h"
#include "ros2.h"

#define SPEED 2.0
#define W 60
#define H 40
#define RES 0.1
#define OX (-1.0)
#define OY (-2.0)
#define MAX_GOALS 8

typedef nav2_msgs_action_dds__NavigateToPose_SendGoal_Request_ SendGoalReq;
typedef nav2_msgs_action_dds__NavigateToPose_SendGoal_Response_ SendGoalRep;
typedef nav2_msgs_action_dds__NavigateToPose_GetResult_Request_ ResultReq;
typedef nav2_msgs_action_dds__NavigateToPose_GetResult_Response_ ResultRep;
typedef action_msgs_srv_dds__CancelGoal_Request_ CancelReq;
typedef action_msgs_srv_dds__CancelGoal_Response_ CancelRep;

struct goal {
  uint8_t id[16];
  int8_t status;
  double tx, ty, tyaw;
  int result_wanted; /* a get_result request waits for the end */
  uint64_t guid;
  int64_t seq;
};

/* The robot's state (testRobot.c), read by the publishers under the robot's lock. */
extern double x, y, yaw;
extern int8_t grid[W * H];
extern struct goal goals[MAX_GOALS];
extern int ngoals;

struct builtin_interfaces_msg_dds__Time_ now_stamp(void);
double yaw_of(struct geometry_msgs_msg_dds__Quaternion_ q);
void make_grid(void);
/* `bad`: a malformed one (data 7 cells short, a NaN x, status 42), for the back end's bad-input tests. */
void publish_map(endpoint_t w, int bad);
void publish_pose(endpoint_t w, int bad);
void publish_status(endpoint_t w, int bad);

#endif
