#!/usr/bin/python3
"""A ROS 1 test robot for the back end's ROS driver (issue 16), run with Debian's /usr/bin/python3 and rospy.

It publishes what a navigation robot publishes (a latched /map, /amcl_pose, move_base's status, batteries,
joint states, diagnostics, follow-me's state) and answers goals as move_base would: a goal on
/move_base_simple/goal becomes ACTIVE, the pose drives there at SPEED m/s, and the goal SUCCEEDS; a goal on an
occupied or unknown cell, or outside the map, is ABORTED; /move_base/cancel PREEMPTS the active goal.

Tests talk to it through its standard streams, one JSON object a line:
- stdout: {"ready": true} once it is up, then {"got": TOPIC, ...} for every command it receives.
- stdin: {"battery": [charge, ...]}, {"diagnostics": [{"name", "level"}]}, {"silent": bool} (stop or restart
  the pose and battery messages), {"bad": "map" | "pose" | "status"} (publish one malformed message),
  {"reject_next": true} (the next goal is REJECTED).

Topic names are the defaults of backend/robots/ros/config.ts; batteries go to /battery_state and /battery_aux.
"""
import json
import math
import sys
import threading

import rospy
from actionlib_msgs.msg import GoalID, GoalStatus, GoalStatusArray
from diagnostic_msgs.msg import DiagnosticArray, DiagnosticStatus
from geometry_msgs.msg import PoseStamped, PoseWithCovarianceStamped, Twist
from nav_msgs.msg import OccupancyGrid
from sensor_msgs.msg import BatteryState, JointState
from std_msgs.msg import Bool

SPEED = 2.0  # m/s: a quick mission of a few metres takes a couple of seconds
RATE_HZ = 20

# The map: 60 x 40 cells of 0.1 m, origin (-1, -2). Free inside a wall border; one occupied cell at column 40,
# row 30 (map frame x = 3.05, y = 1.05); row 0 is the bottom. Cells of column 0..4 of row 10..14 are unknown.
W, H, RES, ORIGIN = 60, 40, 0.1, (-1.0, -2.0)
OCCUPIED_CELL = (40, 30)


def grid_data():
    data = []
    for row in range(H):
        for col in range(W):
            if row in (0, H - 1) or col in (0, W - 1) or (col, row) == OCCUPIED_CELL:
                data.append(100)
            elif 1 <= col <= 4 and 10 <= row <= 14:
                data.append(-1)
            else:
                data.append(0)
    return data


def cell_of(x, y):
    return int(math.floor((x - ORIGIN[0]) / RES)), int(math.floor((y - ORIGIN[1]) / RES))


def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


class Robot:
    def __init__(self):
        self.lock = threading.Lock()
        self.x, self.y, self.yaw = 0.0, 0.0, 0.0
        self.twist = (0.0, 0.0, 0.0)
        self.goals = []  # [{'id', 'stamp', 'status', 'target'}]
        self.counter = 0
        self.charges = [0.8, 0.6]
        self.silent = False
        self.reject_next = False
        self.grid = grid_data()
        self.mapping = False
        self.wheel = 0.0

        self.map_pub = rospy.Publisher("/map", OccupancyGrid, queue_size=1, latch=True)
        self.pose_pub = rospy.Publisher("/amcl_pose", PoseWithCovarianceStamped, queue_size=5)
        self.status_pub = rospy.Publisher("/move_base/status", GoalStatusArray, queue_size=5)
        self.battery_pubs = [rospy.Publisher(t, BatteryState, queue_size=5) for t in ("/battery_state", "/battery_aux")]
        self.joint_pub = rospy.Publisher("/joint_states", JointState, queue_size=5)
        self.diag_pub = rospy.Publisher("/diagnostics", DiagnosticArray, queue_size=5)
        self.following_pub = rospy.Publisher("/follow_me/following", Bool, queue_size=5, latch=True)

        rospy.Subscriber("/move_base_simple/goal", PoseStamped, self.on_goal)
        rospy.Subscriber("/move_base/cancel", GoalID, self.on_cancel)
        rospy.Subscriber("/initialpose", PoseWithCovarianceStamped, self.on_initial_pose)
        rospy.Subscriber("/cmd_vel", Twist, self.on_cmd_vel)
        rospy.Subscriber("/follow_me/enable", Bool, self.on_follow)
        rospy.Subscriber("/mapping/enable", Bool, self.on_mapping)
        self.publish_map()

    # --- commands from the back end ---------------------------------------------------------------------
    def on_goal(self, msg):
        p = msg.pose.position
        yaw = yaw_of(msg.pose.orientation)
        say({"got": "goal", "frame": msg.header.frame_id, "x": p.x, "y": p.y, "yaw": math.degrees(yaw)})
        with self.lock:
            for g in self.goals:
                if g["status"] in (GoalStatus.PENDING, GoalStatus.ACTIVE):
                    g["status"] = GoalStatus.PREEMPTED
            self.counter += 1
            now = rospy.Time.now()
            col, row = cell_of(p.x, p.y)
            inside = 0 <= col < W and 0 <= row < H
            blocked = not inside or self.grid[row * W + col] != 0
            status = GoalStatus.ACTIVE
            if self.reject_next:
                status, self.reject_next = GoalStatus.REJECTED, False
            elif blocked:
                status = GoalStatus.ABORTED
            self.goals.append({"id": "/move_base-%d-%d.%d" % (self.counter, now.secs, now.nsecs), "stamp": now,
                               "status": status, "target": (p.x, p.y, yaw)})
            self.goals = self.goals[-5:]

    def on_cancel(self, msg):
        say({"got": "cancel", "id": msg.id})
        with self.lock:
            for g in self.goals:
                if (msg.id == "" or msg.id == g["id"]) and g["status"] in (GoalStatus.PENDING, GoalStatus.ACTIVE):
                    g["status"] = GoalStatus.PREEMPTED

    def on_initial_pose(self, msg):
        p = msg.pose.pose.position
        yaw = yaw_of(msg.pose.pose.orientation)
        say({"got": "initialpose", "frame": msg.header.frame_id, "x": p.x, "y": p.y, "yaw": math.degrees(yaw)})
        with self.lock:
            self.x, self.y, self.yaw = p.x, p.y, yaw

    def on_cmd_vel(self, msg):
        say({"got": "cmd_vel", "lx": msg.linear.x, "ly": msg.linear.y, "az": msg.angular.z})
        with self.lock:
            self.twist = (msg.linear.x, msg.linear.y, msg.angular.z)

    def on_follow(self, msg):
        say({"got": "follow_me", "data": msg.data})
        self.following_pub.publish(Bool(data=msg.data))

    def on_mapping(self, msg):
        say({"got": "mapping", "data": msg.data})
        with self.lock:
            self.mapping = msg.data
            if msg.data:
                # Mapping "discovers" the unknown patch: it becomes free.
                self.grid = [0 if v == -1 else v for v in self.grid]
        self.publish_map()

    # --- test controls -----------------------------------------------------------------------------------
    def control(self, cmd):
        if "battery" in cmd:
            self.charges = cmd["battery"]
        if "silent" in cmd:
            self.silent = cmd["silent"]
        if cmd.get("reject_next"):
            self.reject_next = True
        if "diagnostics" in cmd:
            arr = DiagnosticArray()
            arr.header.stamp = rospy.Time.now()
            arr.status = [DiagnosticStatus(level=d["level"], name=d["name"], message="test", hardware_id="test")
                          for d in cmd["diagnostics"]]
            self.diag_pub.publish(arr)
        if "maps" in cmd:
            # A burst of maps, one cell toggling: the last one has it occupied when the count is even.
            for i in range(cmd["maps"]):
                self.grid[20 * W + 20] = 100 if i % 2 else 0
                self.publish_map()
        if cmd.get("bad") == "map":
            m = self.map_msg()
            m.data = m.data[:-7]  # data no longer matches width x height
            self.map_pub.publish(m)
        if cmd.get("bad") == "pose":
            msg = self.pose_msg()
            msg.pose.pose.position.x = float("nan")
            self.pose_pub.publish(msg)
        if cmd.get("bad") == "status":
            arr = GoalStatusArray()
            arr.header.stamp = rospy.Time.now()
            arr.status_list = [GoalStatus(goal_id=GoalID(stamp=rospy.Time.now(), id="/bogus"), status=42)]
            self.status_pub.publish(arr)
        say({"done": cmd})

    # --- the periodic world ------------------------------------------------------------------------------
    def map_msg(self):
        m = OccupancyGrid()
        m.header.stamp = rospy.Time.now()
        m.header.frame_id = "map"
        m.info.resolution = RES
        m.info.width, m.info.height = W, H
        m.info.origin.position.x, m.info.origin.position.y = ORIGIN
        m.info.origin.orientation.w = 1.0
        m.data = list(self.grid)
        return m

    def publish_map(self):
        self.map_pub.publish(self.map_msg())

    def pose_msg(self):
        msg = PoseWithCovarianceStamped()
        msg.header.stamp = rospy.Time.now()
        msg.header.frame_id = "map"
        msg.pose.pose.position.x, msg.pose.pose.position.y = self.x, self.y
        msg.pose.pose.orientation.z = math.sin(self.yaw / 2)
        msg.pose.pose.orientation.w = math.cos(self.yaw / 2)
        return msg

    def step(self, dt):
        with self.lock:
            active = [g for g in self.goals if g["status"] == GoalStatus.ACTIVE]
            if active:
                g = active[-1]
                tx, ty, tyaw = g["target"]
                d = math.hypot(tx - self.x, ty - self.y)
                if d <= SPEED * dt:
                    self.x, self.y, self.yaw = tx, ty, tyaw
                    g["status"] = GoalStatus.SUCCEEDED
                else:
                    self.yaw = math.atan2(ty - self.y, tx - self.x)
                    self.x += (tx - self.x) / d * SPEED * dt
                    self.y += (ty - self.y) / d * SPEED * dt
            else:
                vx, vy, wz = self.twist
                c, s = math.cos(self.yaw), math.sin(self.yaw)
                self.x += (vx * c - vy * s) * dt
                self.y += (vx * s + vy * c) * dt
                self.yaw += wz * dt
                self.wheel += vx / 0.1 * dt
            statuses = [GoalStatus(goal_id=GoalID(stamp=g["stamp"], id=g["id"]), status=g["status"]) for g in self.goals]
        arr = GoalStatusArray()
        arr.header.stamp = rospy.Time.now()
        arr.status_list = statuses
        self.status_pub.publish(arr)
        js = JointState()
        js.header.stamp = rospy.Time.now()
        js.name = ["front_left_steer", "front_left_wheel"]
        js.position = [0.25, self.wheel]
        js.velocity = [0.0, self.twist[0] / 0.1]
        self.joint_pub.publish(js)
        if not self.silent:
            self.pose_pub.publish(self.pose_msg())

    def publish_batteries(self):
        if self.silent:
            return
        for pub, charge in zip(self.battery_pubs, self.charges):
            b = BatteryState()
            b.header.stamp = rospy.Time.now()
            b.percentage = charge
            b.capacity = 9.0
            b.design_capacity = 10.0
            b.charge = float("nan")
            pub.publish(b)


def yaw_of(q):
    return math.atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z))


def read_stdin(robot):
    for line in sys.stdin:
        line = line.strip()
        if line:
            try:
                robot.control(json.loads(line))
            except Exception as err:  # a test's typo must not kill the robot
                say({"error": str(err)})
    rospy.signal_shutdown("stdin closed")


def main():
    rospy.init_node("test_robot")
    robot = Robot()
    threading.Thread(target=read_stdin, args=(robot,), daemon=True).start()
    say({"ready": True})
    rate = rospy.Rate(RATE_HZ)
    n = 0
    while not rospy.is_shutdown():
        robot.step(1.0 / RATE_HZ)
        n += 1
        if n % (RATE_HZ // 4) == 0:
            robot.publish_batteries()
        try:
            rate.sleep()
        except rospy.ROSInterruptException:
            break


if __name__ == "__main__":
    main()
