#!/bin/sh
# Installs the robot kiosk as a service on the robot (Debian/Ubuntu with systemd), from a checkout of the project
# with its node_modules installed (`npm ci`). Run as root from the project folder:  sudo deploy/install.sh
#   - builds the app (dist/) and the back end (build/backend/main.mjs: no TypeScript compiled at boot), and for a
#     ROS 2 robot its DDS program (build/ros2/), since the service cannot write its install folder;
#   - copies them to /opt/robot-kiosk (PREFIX), owned by root, read-only to the service;
#   - creates the system user robot-kiosk (no login, no home);
#   - installs /etc/systemd/system/robot-kiosk.service, and /etc/robot-kiosk/env unless it exists;
#   - enables and starts the service. Its database is /var/lib/robot-kiosk/robot.db (StateDirectory=).
# Options: ROS2=1 to build the ROS 2 program too; NO_START=1 to install without starting.
set -eu
PREFIX=${PREFIX:-/opt/robot-kiosk}
USER_NAME=robot-kiosk
SRC=$(cd "$(dirname "$0")/.." && pwd)
NODE=$(command -v node) || { echo "install.sh: node (20 or later) is not installed" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "install.sh: run as root (sudo deploy/install.sh)" >&2; exit 1; }
[ -d "$SRC/node_modules" ] || { echo "install.sh: run npm ci in $SRC first" >&2; exit 1; }

cd "$SRC"
npx vite build
"$NODE" deploy/build-backend.mjs
if [ "${ROS2:-0}" = 1 ]; then npx tsx backend/robots/ros2/build.ts; fi

getent passwd "$USER_NAME" >/dev/null ||
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$USER_NAME"

# A fresh copy each time: the old one out of the way first, so a file removed upstream does not linger.
mkdir -p "$PREFIX.new"
cp -a package.json dist build backend core node_modules "$PREFIX.new/"
(cd "$PREFIX.new" && npm prune --omit=dev --no-audit --no-fund >/dev/null 2>&1 || true)
chown -R root:root "$PREFIX.new"
chmod -R go-w "$PREFIX.new"
rm -rf "$PREFIX.old"
[ -d "$PREFIX" ] && mv "$PREFIX" "$PREFIX.old"
mv "$PREFIX.new" "$PREFIX"
rm -rf "$PREFIX.old"

mkdir -p /etc/robot-kiosk
if [ ! -f /etc/robot-kiosk/env ]; then
  cat >/etc/robot-kiosk/env <<'ENV'
# Settings of this robot's kiosk back end, read at each start (systemctl restart robot-kiosk).
# KIOSK_ARGS: flags of backend/main.ts (backend/cli.ts). Without --ros or --ros2 it runs the simulated robot;
# on a robot, name its driver, e.g.
#   KIOSK_ARGS="--host 127.0.0.1 --ros2"                      a ROS 2 (Nav2) robot over DDS
#   KIOSK_ARGS="--host 127.0.0.1 --ros http://127.0.0.1:11311" a ROS 1 robot
#   KIOSK_ARGS="--host 0.0.0.0 --ros2 --tls-cert /etc/robot-kiosk/cert.pem --tls-key /etc/robot-kiosk/key.pem"
#                                                              the building's devices too, over HTTPS
KIOSK_ARGS="--host 127.0.0.1"
# ROS_DOMAIN_ID=0
# ALLOW_HOSTS=kiosk.example.org
ENV
  chmod 0640 /etc/robot-kiosk/env
  chgrp "$USER_NAME" /etc/robot-kiosk/env
fi

sed -e "s|/opt/robot-kiosk|$PREFIX|g" -e "s|^ExecStart=/usr/bin/node |ExecStart=$NODE |" \
  deploy/robot-kiosk.service >/etc/systemd/system/robot-kiosk.service
systemd-analyze verify /etc/systemd/system/robot-kiosk.service
systemctl daemon-reload
systemctl enable robot-kiosk.service
if [ "${NO_START:-0}" != 1 ]; then systemctl restart robot-kiosk.service; fi
echo "installed: systemctl status robot-kiosk; journalctl -u robot-kiosk -f"
