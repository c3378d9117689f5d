/*
 * A second ROS 2 test peer (issue 33): a robot on eProsima Fast DDS (Debian's libfastrtps 2.9), on the wire
 * what a Nav2 robot on rmw_fastrtps_cpp (the default RMW of Humble and Jazzy) is, for the endpoints the back
 * end needs most: topics `rt/<name>`, type names `<pkg>::msg::dds_::<Type>_`, plain CDR; services on
 * `rq/<name>Request` / `rr/<name>Reply` whose payload is the bare request or response: the request's identity
 * travels in RTPS (the sample identity the client's writer gives it) and the reply names it as its
 * related_sample_identity (a write parameter, sent as inline QoS), as rmw_fastrtps' send_response does.
 *
 * No generator (fastddsgen needs Java): one TopicDataType carries already serialised CDR, as rmw_fastrtps'
 * own TypeSupport carries what rosidl serialises, and messages are written and read with Fast CDR by hand.
 *
 * It publishes /map once and /amcl_pose (both transient local) and /battery_state, listens to /cmd_vel, and serves
 * NavigateToPose (send_goal, get_result, cancel_goal; feedback and status topics): a goal it can read is
 * accepted, executes and SUCCEEDS after a second; cancel CANCELS it. A request it cannot read is dropped, as
 * rmw_fastrtps' take fails on it. Built and started by tests/ros2/fastddsHarness.ts; DDS is configured by
 * FASTRTPS_DEFAULT_PROFILES_FILE (loopback, unicast). stdout: {"ready":true}, then {"got":WHAT,...} for every
 * command or request received; it exits when its stdin closes.
 */
#include "fastddsEndpoints.hpp"

static void stamp(Cdr &c) {
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  c << static_cast<int32_t>(ns / 1000000000) << static_cast<uint32_t>(ns % 1000000000);
}

static void header(Cdr &c, const char *frame) {
  stamp(c);
  c << std::string(frame);
}

static double x = 0.5, y = 0.25;

static void publish_pose(DataWriter *w) {
  Out o;
  header(o.cdr, "map");
  o.cdr << x << y << 0.0 << 0.0 << 0.0 << 0.0 << 1.0;  // position, orientation (yaw 0)
  double cov[36] = {0};
  o.cdr.serializeArray(cov, 36);
  Raw r = o.raw();
  w->write(&r);
}

/** nav_msgs/msg/OccupancyGrid: 20 x 10 free cells of 0.1 m, origin (-1, -2). */
static void publish_map(DataWriter *w) {
  Out o;
  header(o.cdr, "map");
  stamp(o.cdr);
  o.cdr << 0.1f << 20u << 10u << -1.0 << -2.0 << 0.0 << 0.0 << 0.0 << 0.0 << 1.0;
  o.cdr << std::vector<int8_t>(200, 0);
  Raw r = o.raw();
  w->write(&r);
}

/** sensor_msgs/msg/BatteryState (Humble's): 80 % and discharging. */
static void publish_battery(DataWriter *w) {
  Out o;
  header(o.cdr, "base_link");
  o.cdr << 24.0f << 25.0f << -1.5f << 16.0f << 20.0f << 20.0f << 0.8f;  // voltage .. percentage
  o.cdr << static_cast<uint8_t>(2) << static_cast<uint8_t>(1) << static_cast<uint8_t>(2) << true;  // status, health, technology, present
  o.cdr << std::vector<float>() << std::vector<float>() << std::string("main") << std::string("fastdds-1");
  Raw r = o.raw();
  w->write(&r);
}

/** The reader's next sample and its info, false when there is none. */
static bool take(DataReader *r, Raw &out, SampleInfo &info) {
  return r->take_next_sample(&out, &info) == ReturnCode_t::RETCODE_OK && info.valid_data;
}

/** A reply to the request `info` identifies: the identity goes in RTPS, not in the payload. */
static void reply(DataWriter *w, Out &o, const SampleInfo &info) {
  WriteParams wp;
  wp.related_sample_identity(info.sample_identity);
  Raw r = o.raw();
  w->write(&r, wp);
}

static std::string hex(const uint8_t *u) {
  char s[33];
  for (int i = 0; i < 16; i++) std::snprintf(s + 2 * i, 3, "%02x", u[i]);
  return s;
}

struct Goal {
  uint8_t uuid[16];
  int8_t status;  // action_msgs/msg/GoalStatus: 2 executing, 4 succeeded, 5 canceled
  std::chrono::steady_clock::time_point done_at;
};
static std::map<std::string, Goal> goals;

static void publish_status(DataWriter *w) {
  Out o;
  o.cdr << static_cast<uint32_t>(goals.size());
  for (auto &[id, g] : goals) {
    o.cdr.serializeArray(g.uuid, 16);
    stamp(o.cdr);
    o.cdr << g.status;
  }
  Raw r = o.raw();
  w->write(&r);
}

/** Reads a request as rmw_fastrtps would: the bare message. False (and a line saying so) when it cannot. */
template <typename F>
static bool read_request(const char *what, const Raw &in, F body) {
  FastBuffer fb(reinterpret_cast<char *>(const_cast<uint8_t *>(in.bytes.data())), in.bytes.size());
  Cdr c(fb, Cdr::DEFAULT_ENDIAN, Cdr::DDS_CDR);
  try {
    c.read_encapsulation();
    body(c);
    return true;
  } catch (const std::exception &e) {
    std::printf("{\"got\":\"%s\",\"readable\":false,\"bytes\":%zu}\n", what, in.bytes.size());
    return false;
  }
}

int main() {
  const char *domain = std::getenv("ROS_DOMAIN_ID");
  pp = DomainParticipantFactory::get_instance()->create_participant(domain && *domain ? std::atoi(domain) : 0, PARTICIPANT_QOS_DEFAULT);
  if (!pp) return std::fprintf(stderr, "no participant (FASTRTPS_DEFAULT_PROFILES_FILE?)\n"), 1;
  pub = pp->create_publisher(PUBLISHER_QOS_DEFAULT);
  sub = pp->create_subscriber(SUBSCRIBER_QOS_DEFAULT);
  const std::string A = "rt/navigate_to_pose/_action/", S = "navigate_to_pose/_action/", T = "nav2_msgs::action::dds_::NavigateToPose_";
  DataWriter *map_w = writer("rt/map", "nav_msgs::msg::dds_::OccupancyGrid_", true);
  DataWriter *pose_w = writer("rt/amcl_pose", "geometry_msgs::msg::dds_::PoseWithCovarianceStamped_", true);
  DataWriter *bat_w = writer("rt/battery_state", "sensor_msgs::msg::dds_::BatteryState_");
  DataWriter *status_w = writer(A + "status", "action_msgs::msg::dds_::GoalStatusArray_", true);
  DataWriter *feedback_w = writer(A + "feedback", T + "FeedbackMessage_");
  DataWriter *goal_rep = writer("rr/" + S + "send_goalReply", T + "SendGoal_Response_");
  DataWriter *result_rep = writer("rr/" + S + "get_resultReply", T + "GetResult_Response_");
  DataWriter *cancel_rep = writer("rr/" + S + "cancel_goalReply", "action_msgs::srv::dds_::CancelGoal_Response_");
  DataReader *goal_req = reader("rq/" + S + "send_goalRequest", T + "SendGoal_Request_");
  DataReader *result_req = reader("rq/" + S + "get_resultRequest", T + "GetResult_Request_");
  DataReader *cancel_req = reader("rq/" + S + "cancel_goalRequest", "action_msgs::srv::dds_::CancelGoal_Request_");
  DataReader *cmd_vel = reader("rt/cmd_vel", "geometry_msgs::msg::dds_::Twist_");
  if (!map_w || !pose_w || !bat_w || !status_w || !feedback_w || !goal_rep || !result_rep || !cancel_rep || !goal_req || !result_req || !cancel_req || !cmd_vel)
    return std::fprintf(stderr, "an endpoint could not be created\n"), 1;

  publish_map(map_w);  // once: a late reader gets it from the writer's history (transient local)
  std::atomic<bool> quit{false};
  std::thread([&] {
    char line[256];
    while (std::fgets(line, sizeof line, stdin)) {
    }
    quit = true;  // the test closed our stdin
  }).detach();
  std::printf("{\"ready\":true}\n");
  std::fflush(stdout);

  std::vector<std::pair<SampleInfo, std::string>> waiting_results;  // get_result requests, until their goal ends
  for (int tick = 0; !quit; tick++) {
    if (tick % 10 == 0) publish_pose(pose_w), publish_battery(bat_w);
    Raw in;
    SampleInfo info;
    while (take(cmd_vel, in, info)) {
      double v[6];
      if (read_request("cmd_vel", in, [&](Cdr &c) { c.deserializeArray(v, 6); }))
        std::printf("{\"got\":\"cmd_vel\",\"linear\":%g,\"angular\":%g}\n", v[0], v[5]);
    }
    while (take(goal_req, in, info)) {
      Goal g{};
      double gx = 0, gy = 0;
      bool ok = read_request("goal", in, [&](Cdr &c) {
        int32_t sec;
        uint32_t nsec;
        std::string frame, tree;
        double q[4];
        c.deserializeArray(g.uuid, 16);
        c >> sec >> nsec >> frame >> gx >> gy;
        double z;
        c >> z;
        c.deserializeArray(q, 4);
        c >> tree;
      });
      if (!ok) continue;
      std::printf("{\"got\":\"goal\",\"readable\":true,\"x\":%g,\"y\":%g}\n", gx, gy);
      g.status = 2;
      g.done_at = std::chrono::steady_clock::now() + std::chrono::seconds(1);
      goals[hex(g.uuid)] = g;
      Out o;
      o.cdr << true;
      stamp(o.cdr);
      reply(goal_rep, o, info);
      publish_status(status_w);
      Out f;  // one feedback: the goal's id, then current_pose, two Durations, recoveries, distance left
      f.cdr.serializeArray(g.uuid, 16);
      header(f.cdr, "map");
      f.cdr << x << y << 0.0 << 0.0 << 0.0 << 0.0 << 1.0 << 0 << 0u << 1 << 0u << static_cast<int16_t>(0) << 1.0f;
      Raw fr = f.raw();
      feedback_w->write(&fr);
      x = gx, y = gy;
    }
    while (take(result_req, in, info)) {
      uint8_t uuid[16];
      if (read_request("result", in, [&](Cdr &c) { c.deserializeArray(uuid, 16); })) waiting_results.emplace_back(info, hex(uuid));
    }
    while (take(cancel_req, in, info)) {
      uint8_t uuid[16];
      if (!read_request("cancel", in, [&](Cdr &c) { c.deserializeArray(uuid, 16); })) continue;
      std::printf("{\"got\":\"cancel\",\"readable\":true}\n");
      auto it = goals.find(hex(uuid));
      bool found = it != goals.end() && it->second.status == 2;
      if (found) it->second.status = 5;
      Out o;
      o.cdr << static_cast<int8_t>(found ? 0 : 2) << static_cast<uint32_t>(found ? 1 : 0);  // ERROR_NONE or UNKNOWN_GOAL_ID
      if (found) o.cdr.serializeArray(uuid, 16), stamp(o.cdr);
      reply(cancel_rep, o, info);
      publish_status(status_w);
    }
    for (auto &[id, g] : goals)
      if (g.status == 2 && std::chrono::steady_clock::now() >= g.done_at) g.status = 4, publish_status(status_w);
    for (auto it = waiting_results.begin(); it != waiting_results.end();) {
      auto g = goals.find(it->second);
      if (g != goals.end() && g->second.status < 4) {
        ++it;
        continue;
      }
      Out o;  // Humble's result: empty, so one byte on the wire
      o.cdr << static_cast<int8_t>(g == goals.end() ? 0 : g->second.status) << static_cast<uint8_t>(0);
      reply(result_rep, o, it->first);
      it = waiting_results.erase(it);
    }
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  pp->delete_contained_entities();
  DomainParticipantFactory::get_instance()->delete_participant(pp);
  return 0;
}
