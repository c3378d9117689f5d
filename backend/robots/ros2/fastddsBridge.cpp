/*
 * The DDS side of the ROS 2 driver for a robot on rmw_fastrtps_cpp: one Fast DDS participant (Debian's
 * libfastrtps 2.9), configured as Fast DDS configures itself (FASTRTPS_DEFAULT_PROFILES_FILE,
 * ROS_DISCOVERY_SERVER). It speaks bridge.c's framed protocol to Node (ddsLink.ts), so the driver is one code
 * path on either middleware: see bridge.c for the frames. 'T' lines are "TOPIC TYPE VENDOR", VENDOR the writer's
 * participant's vendor id as discovery announced it (4 hex digits: 010f Fast DDS, 0110 Cyclone DDS).
 *
 * Messages pass through as CDR (fastddsRaw.hpp). Services are where the wires differ: Node writes and reads a
 * request or reply with rmw_cyclonedds' 16-byte {guid, seq} header first in the payload; rmw_fastrtps puts the
 * request's identity in RTPS instead. So this program
 *   - writes a request (topic rq/<service>Request) without those 16 bytes, with the client's reply reader's
 *     GUID as the related sample identity's writer GUID (rmw_fastrtps_shared_cpp/src/rmw_request.cpp,
 *     __rmw_send_request), and keeps the sample identity Fast DDS gave it against Node's header;
 *   - reads a reply (rr/<service>Reply) as the client's only when its related sample identity names this
 *     client's reply reader or request writer (rmw_response.cpp, __rmw_take_response), and gives it to Node
 *     with the header of the request whose sequence number it names;
 *   - counts a request writer as matched only while its reply reader is matched too, as rmw_fastrtps says a
 *     server is available (rmw_fastrtps_shared_cpp/src/rmw_service_server_is_available.cpp): the server
 *     waits for our reply reader before it answers (rmw_response.cpp, __rmw_send_response).
 * Usage: ros2bridge-fastdds DOMAIN. It exits when stdin closes.
 */
#include <cstdio>
#include <cstdlib>
#include <atomic>
#include <map>
#include <mutex>

#include "fastddsRaw.hpp"

using namespace raw;

static std::mutex out_lock;

/** One frame to Node; listeners of several readers may call this at once. */
static void emit(char kind, uint16_t id, const void *data, uint32_t size) {
  unsigned char head[7];
  uint32_t len = size + 3;
  std::memcpy(head, &len, 4);  // x86 and ARM Linux are little-endian
  head[4] = static_cast<unsigned char>(kind);
  std::memcpy(head + 5, &id, 2);
  std::lock_guard<std::mutex> g(out_lock);
  std::fwrite(head, 1, 7, stdout);
  if (size) std::fwrite(data, 1, size, stdout);
  std::fflush(stdout);
}

static void say(const std::string &line) { emit('L', 0, line.data(), static_cast<uint32_t>(line.size())); }

constexpr int MAX_ENDPOINTS = 256;
constexpr size_t HEADER = 16;   // rmw_cyclonedds' request header, as Node writes and reads it
constexpr size_t KEPT = 1024;   // requests remembered for their replies

struct Endpoint : public DataWriterListener, public DataReaderListener {
  uint16_t id = 0;
  DataWriter *w = nullptr;
  DataReader *r = nullptr;
  std::atomic<Endpoint *> pair{nullptr};  // a request writer's reply reader and back
  std::atomic<int> matched{0};
  bool request = false, reply = false;
  std::map<int64_t, std::vector<uint8_t>> headers;  // a request writer's: sequence number -> Node's header
  void on_publication_matched(DataWriter *, const PublicationMatchedStatus &s) override {
    matched = s.current_count;
    report();
  }
  void on_subscription_matched(DataReader *, const SubscriptionMatchedStatus &s) override {
    matched = s.current_count;
    if (Endpoint *p = pair) p->report();
  }
  void on_data_available(DataReader *) override { drain(); }
  void report();
  void drain();
};

static Endpoint endpoints[MAX_ENDPOINTS];
static std::mutex headers_lock;  // every request writer's `headers`
static DomainParticipant *pp;
static Publisher *pub;
static Subscriber *sub;

void Endpoint::report() {
  Endpoint *p = pair;
  uint32_t n = static_cast<uint32_t>(request && !(p && p->matched > 0) ? 0 : matched.load());
  emit('M', id, &n, 4);
}

/** Everything the reader has, to Node; a reply only if it is ours, with its request's header. */
void Endpoint::drain() {
  Raw in;
  SampleInfo info;
  while (r->take_next_sample(&in, &info) == ReturnCode_t::RETCODE_OK) {
    if (!info.valid_data || in.bytes.size() < 4) continue;
    if (!reply) {
      emit('D', id, in.bytes.data(), static_cast<uint32_t>(in.bytes.size()));
      continue;
    }
    const SampleIdentity &rel = info.related_sample_identity;
    Endpoint *p = pair;
    if (!p || (rel.writer_guid() != r->guid() && rel.writer_guid() != p->w->guid())) continue;  // another client's
    std::vector<uint8_t> head;
    {
      std::lock_guard<std::mutex> g(headers_lock);
      auto it = p->headers.find(seq64(rel));
      if (it == p->headers.end()) continue;
      head = it->second;
    }
    std::vector<uint8_t> out(in.bytes.begin(), in.bytes.begin() + 4);
    out.insert(out.end(), head.begin(), head.end());
    out.insert(out.end(), in.bytes.begin() + 4, in.bytes.end());
    emit('D', id, out.data(), static_cast<uint32_t>(out.size()));
  }
}

static bool ends_with(const std::string &s, const std::string &end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

/** The service a request or reply topic belongs to ("rq/x/yRequest", "rr/x/yReply" -> "x/y"), or "". */
static std::string service_of(const std::string &topic, const char *prefix, const char *suffix) {
  if (topic.rfind(prefix, 0) != 0 || !ends_with(topic, suffix)) return "";
  return topic.substr(3, topic.size() - 3 - std::strlen(suffix));
}

static Endpoint *find_pair(const std::string &topic) {
  bool req = !service_of(topic, "rq/", "Request").empty();
  std::string svc = req ? service_of(topic, "rq/", "Request") : service_of(topic, "rr/", "Reply");
  if (svc.empty()) return nullptr;
  std::string other = req ? "rr/" + svc + "Reply" : "rq/" + svc + "Request";
  for (auto &e : endpoints)
    if ((e.w || e.r) && (e.w ? e.w->get_topic()->get_name() : e.r->get_topicdescription()->get_name()) == other) return &e;
  return nullptr;
}

static void declare(char kind, uint16_t id, const std::string &text) {
  char qos_s[8], topic_s[256], type_s[256];
  int depth;
  if (id >= MAX_ENDPOINTS || std::sscanf(text.c_str(), "%7s %d %255s %255s", qos_s, &depth, topic_s, type_s) != 4 || depth < 1)
    return say("bad declaration: " + text);
  Endpoint &e = endpoints[id];
  if (e.w || e.r) return say("endpoint declared twice: " + text);
  e.id = id;
  RosQos q{qos_s[0] == 'r', qos_s[1] == 't', depth};
  Topic *t = raw::topic(pp, topic_s, type_s);
  e.request = kind == 'P' && !service_of(topic_s, "rq/", "Request").empty();
  e.reply = kind == 'S' && !service_of(topic_s, "rr/", "Reply").empty();
  if (kind == 'P') e.w = raw::writer(pub, t, q);
  else {
    // Readers accept both encodings, as bridge.c's: a robot may write XCDR2.
    DataReaderQos rq = sub->get_default_datareader_qos();
    apply(rq, q);
    rq.type_consistency().representation.m_value = {XCDR_DATA_REPRESENTATION, XCDR2_DATA_REPRESENTATION};
    e.r = t ? sub->create_datareader(t, rq) : nullptr;
  }
  if (!e.w && !e.r) return say(std::string("cannot create an endpoint on ") + topic_s);
  if (e.request || e.reply) {
    Endpoint *p = find_pair(topic_s);
    e.pair = p;
    if (p) p->pair = &e;
  }
  // The listener once the endpoint is complete; what happened before it is read here.
  if (e.w) {
    e.w->set_listener(&e);
    PublicationMatchedStatus s;
    e.w->get_publication_matched_status(s);
    e.matched = s.current_count;
    e.report();
  } else {
    e.r->set_listener(&e);
    SubscriptionMatchedStatus s;
    e.r->get_subscription_matched_status(s);
    e.matched = s.current_count;
    if (Endpoint *p = e.pair) p->report();
    e.drain();  // transient-local history that came before the listener
  }
}

/** CDR from Node (header included) written; a request without the header, its identity in RTPS. */
static void write(uint16_t id, const uint8_t *data, uint32_t size) {
  Endpoint *e = id < MAX_ENDPOINTS ? &endpoints[id] : nullptr;
  if (!e || !e->w) return say("write to an unknown publisher");
  if (size < 4 || data[0] != 0 || data[1] != 1) return say("write: not little-endian CDR");
  Raw out;
  if (!e->request) {
    out.bytes.assign(data, data + size);
    if (!e->w->write(&out)) say("write failed on " + e->w->get_topic()->get_name());
    return;
  }
  if (size < 4 + HEADER) return say("write: a request without its header");
  out.bytes.assign(data, data + 4);
  out.bytes.insert(out.bytes.end(), data + 4 + HEADER, data + size);
  WriteParams wp;
  if (Endpoint *p = e->pair) wp.related_sample_identity().writer_guid() = p->r->guid();
  // Held while writing: the reply (from a listener thread) waits for its request's header to be kept.
  std::lock_guard<std::mutex> g(headers_lock);
  if (!e->w->write(&out, wp)) return say("write failed on " + e->w->get_topic()->get_name());
  e->headers[seq64(wp.sample_identity())] = std::vector<uint8_t>(data + 4, data + 4 + HEADER);
  while (e->headers.size() > KEPT) e->headers.erase(e->headers.begin());
}

/** Discovery: each participant's vendor, and remote writers as "TOPIC TYPE VENDOR" (see bridge.c's 'T'). */
class Discovery : public DomainParticipantListener {
  std::mutex lock;
  std::map<eprosima::fastrtps::rtps::GuidPrefix_t, std::string> vendors;

 public:
  void on_participant_discovery(DomainParticipant *, eprosima::fastrtps::rtps::ParticipantDiscoveryInfo &&info) override {
    char v[8];
    std::snprintf(v, sizeof v, "%02x%02x", info.info.m_VendorId[0], info.info.m_VendorId[1]);
    std::lock_guard<std::mutex> g(lock);
    vendors[info.info.m_guid.guidPrefix] = v;
  }
  void on_publisher_discovery(DomainParticipant *, eprosima::fastrtps::rtps::WriterDiscoveryInfo &&info) override {
    if (info.status != eprosima::fastrtps::rtps::WriterDiscoveryInfo::DISCOVERED_WRITER) return;
    const auto &prefix = info.info.guid().guidPrefix;
    char v[8];
    std::snprintf(v, sizeof v, "%02x%02x", prefix.value[0], prefix.value[1]);  // the prefix starts with it
    std::string vendor = v;
    {
      std::lock_guard<std::mutex> g(lock);
      auto it = vendors.find(prefix);
      if (it != vendors.end()) vendor = it->second;
    }
    std::string line = info.info.topicName().to_string() + " " + info.info.typeName().to_string() + " " + vendor;
    emit('T', 0, line.data(), static_cast<uint32_t>(line.size()));
  }
};

static bool read_full(void *buf, size_t n) { return std::fread(buf, 1, n, stdin) == n; }

int main(int argc, char **argv) {
  int domain = argc > 1 ? std::atoi(argv[1]) : 0;
  static Discovery discovery;
  auto *factory = DomainParticipantFactory::get_instance();
  pp = factory->create_participant(domain, factory->get_default_participant_qos(), &discovery, StatusMask::none());
  if (!pp) return std::fprintf(stderr, "ros2bridge-fastdds: no DDS participant on domain %d (FASTRTPS_DEFAULT_PROFILES_FILE, ROS_DISCOVERY_SERVER?)\n", domain), 1;
  pub = pp->create_publisher(PUBLISHER_QOS_DEFAULT);
  sub = pp->create_subscriber(SUBSCRIBER_QOS_DEFAULT);
  emit('R', 0, nullptr, 0);
  unsigned char head[7];
  while (read_full(head, 7)) {
    uint32_t len;
    uint16_t id;
    std::memcpy(&len, head, 4);
    std::memcpy(&id, head + 5, 2);
    if (len < 3 || len > (64u << 20)) break;
    std::vector<uint8_t> body(len - 3);
    if (!read_full(body.data(), body.size())) break;
    if (head[4] == 'P' || head[4] == 'S') declare(static_cast<char>(head[4]), id, std::string(body.begin(), body.end()));
    else if (head[4] == 'W') write(id, body.data(), static_cast<uint32_t>(body.size()));
  }
  pp->delete_contained_entities();
  factory->delete_participant(pp);
  return 0;
}
