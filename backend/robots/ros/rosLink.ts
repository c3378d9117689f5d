/**
 * The ROS driver's link to the ROS graph: one Foxglove ROS 1 node at a time, and the master kept in reach.
 *
 * The link starts whether or not the master is up and tries it every `retryMs` (robots boot in any order).
 * Each try asks the master about this very node (`lookupNode`): a master that does not know it (restarted, or
 * never reached) gets a fresh node, on which `register` subscribes and advertises everything again. A master
 * that does not answer drops the node; `master(up)` reports each change.
 */
import { RosNode, type Subscription } from '@foxglove/ros1';
import { getPid, TcpServerNode, TcpSocketNode } from '@foxglove/ros1/nodejs';
import { HttpServerNodejs } from '@foxglove/xmlrpc/nodejs';
import { hostname as osHostname } from 'node:os';

/** What the link asks of its owner. */
export interface LinkHooks {
  /** Subscribes and advertises everything on a fresh node (throws to give the node up). */
  register(node: RosNode): Promise<void>;
  /** The master answers (true) or does not (false); called on every try. */
  master(up: boolean): void;
}

export interface LinkOptions {
  masterUri: string;
  /** this node's name on the ROS graph */
  name: string;
  retryMs: number;
  /** how the robot's nodes reach this one; default: see `rosHostname` */
  hostname?: string;
}

/** A node kept registered with the master. */
export class RosLink {
  node: RosNode | null = null;
  /** Silences a node's log once it is being dropped: its unregistering from a dead master fails by design. */
  private nodeLog = new WeakMap<RosNode, { muted: boolean }>();
  private connecting = false;
  private masterUp = false;
  private closed = false;
  private timer: ReturnType<typeof setInterval>;

  constructor(
    private opts: LinkOptions,
    private hooks: LinkHooks,
  ) {
    this.timer = setInterval(() => void this.tryMaster(), opts.retryMs);
    void this.tryMaster();
  }

  /** Publishes on an advertised topic; a message for a robot out of reach is logged and dropped. */
  publish(topic: string, msg: unknown): void {
    const node = this.node;
    if (!node || !node.isAdvertising(topic)) return console.warn(`[ros] ${topic}: not sent, the robot is not reachable`);
    node.publish(topic, msg).catch((err: Error) => console.warn(`[ros] ${topic}: not sent (${err.message})`));
  }

  /**
   * Subscribes with every message checked: the publisher's type must be `type` (subscriptions take any md5, so
   * a topic of another type would otherwise decode into the wrong shape), and a handler may not throw.
   */
  subscribe(node: RosNode, topic: string, type: string, handle: (msg: unknown) => void): void {
    const sub: Subscription = node.subscribe({ topic, dataType: type });
    const warned = new Set<string>();
    sub.on('message', (msg, _data, publisher) => {
      const theirs = publisher.connection.header().get('type');
      if (theirs && theirs !== type) {
        if (!warned.has(theirs)) console.warn(`[ros] ${topic}: ignored, it carries ${theirs}, not ${type}`);
        warned.add(theirs);
        return;
      }
      try {
        handle(msg);
      } catch (err) {
        console.warn(`[ros] ${topic}: ignored a malformed message (${(err as Error).message})`);
      }
    });
    sub.on('error', (err) => console.warn(`[ros] ${topic}: ${err.message}`));
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.dropNode();
  }

  /** One connection attempt, or a check that the master still knows this node. */
  private async tryMaster(): Promise<void> {
    if (this.connecting || this.closed) return;
    this.connecting = true;
    try {
      if (this.node && (await this.masterKnowsUs(this.node))) return this.setMaster(true);
      this.dropNode();
      this.node = await this.startNode();
      if (this.closed) return this.dropNode();
      this.setMaster(true);
    } catch (err) {
      if (this.masterUp) console.warn(`[ros] master ${this.opts.masterUri} unreachable: ${(err as Error).message}`);
      this.dropNode();
      this.setMaster(false);
    } finally {
      this.connecting = false;
    }
  }

  private setMaster(up: boolean): void {
    if (up && !this.masterUp) console.log(`[ros] master ${this.opts.masterUri} reached`);
    this.masterUp = up;
    this.hooks.master(up);
  }

  private async masterKnowsUs(node: RosNode): Promise<boolean> {
    const [status] = await node.rosMasterClient.lookupNode(this.opts.name, this.opts.name);
    if (status !== 1) console.warn('[ros] the master does not know this node (restarted?): registering again');
    return status === 1;
  }

  /** A fresh node: its servers listen, the master answers, the owner registers its topics. */
  private async startNode(): Promise<RosNode> {
    const log = { muted: false };
    const node = new RosNode({
      name: this.opts.name,
      hostname: this.opts.hostname ?? rosHostname(this.opts.masterUri),
      pid: getPid(),
      rosMasterUri: this.opts.masterUri,
      httpServer: new HttpServerNodejs(),
      tcpSocketCreate: TcpSocketNode.Create,
      tcpServer: await TcpServerNode.Listen({ host: undefined, port: 0 }),
      log: { warn: (message: string) => !log.muted && console.warn(`[ros] ${message}`) },
    });
    this.nodeLog.set(node, log);
    node.on('error', (err) => !log.muted && console.warn(`[ros] ${err.message}`));
    try {
      await node.start();
      await node.rosMasterClient.getUri(this.opts.name);
      await this.hooks.register(node);
      return node;
    } catch (err) {
      log.muted = true;
      node.shutdown();
      throw err;
    }
  }

  private dropNode(): void {
    const node = this.node;
    this.node = null;
    if (!node) return;
    const log = this.nodeLog.get(node);
    if (log) log.muted = true;
    node.shutdown();
  }
}

/**
 * The address the robot's nodes reach this one at: ROS_HOSTNAME or ROS_IP as ROS itself reads them, loopback
 * for a master on this machine, else the machine's name.
 */
function rosHostname(masterUri: string): string {
  const env = process.env.ROS_HOSTNAME || process.env.ROS_IP;
  if (env) return env;
  const host = new URL(masterUri).hostname;
  if (['localhost', '127.0.0.1', '[::1]'].includes(host)) return '127.0.0.1';
  return osHostname();
}
