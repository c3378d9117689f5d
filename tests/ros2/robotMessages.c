/*
 * The messages the ROS 2 test robot publishes: the map, AMCL's pose and the action's status (its endpoints are
 * its middleware's, robotDds.h).
 */
#include <math.h>
#include <string.h>
#include <time.h>
#include "testRobot.h"

struct builtin_interfaces_msg_dds__Time_ now_stamp(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (struct builtin_interfaces_msg_dds__Time_){(int32_t)ts.tv_sec, (uint32_t)ts.tv_nsec};
}

double yaw_of(struct geometry_msgs_msg_dds__Quaternion_ q) {
  return atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z));
}

void make_grid(void) {
  for (int row = 0; row < H; row++)
    for (int col = 0; col < W; col++) {
      int8_t v = 0;
      if (row == 0 || row == H - 1 || col == 0 || col == W - 1 || (col == 40 && row == 30)) v = 100;
      else if (col >= 1 && col <= 4 && row >= 10 && row <= 14) v = -1;
      grid[row * W + col] = v;
    }
}

void publish_map(endpoint_t w, int bad) {
  nav_msgs_msg_dds__OccupancyGrid_ m = {0};
  m.header.stamp = now_stamp();
  m.header.frame_id = "map";
  m.info.resolution = (float)RES;
  m.info.width = W;
  m.info.height = H;
  m.info.origin.position.x = OX;
  m.info.origin.position.y = OY;
  m.info.origin.orientation.w = 1;
  m.data._buffer = grid;
  m.data._length = m.data._maximum = bad ? W * H - 7 : W * H;
  robot_write(w, &m);
}

void publish_pose(endpoint_t w, int bad) {
  geometry_msgs_msg_dds__PoseWithCovarianceStamped_ m = {0};
  m.header.stamp = now_stamp();
  m.header.frame_id = "map";
  m.pose.pose.position.x = bad ? NAN : x;
  m.pose.pose.position.y = y;
  m.pose.pose.orientation.z = sin(yaw / 2);
  m.pose.pose.orientation.w = cos(yaw / 2);
  robot_write(w, &m);
}

void publish_status(endpoint_t w, int bad) {
  struct action_msgs_msg_dds__GoalStatus_ list[MAX_GOALS];
  action_msgs_msg_dds__GoalStatusArray_ m = {0};
  for (int i = 0; i < ngoals; i++) {
    memset(&list[i], 0, sizeof list[i]);
    memcpy(list[i].goal_info.goal_id.uuid, goals[i].id, 16);
    list[i].status = bad ? 42 : goals[i].status;
  }
  m.status_list._buffer = list;
  m.status_list._length = m.status_list._maximum = (uint32_t)ngoals;
  robot_write(w, &m);
}
