/*
 * The ROS 2 test robot's middleware on Fast DDS (robotDds.h), Debian's libfastrtps 2.9: on the wire, what a
 * Nav2 robot on rmw_fastrtps_cpp is. Endpoints as rmw_fastrtps creates them (fastddsRaw.hpp); messages are the
 * CDR that libddsc's stream functions write and read with idlc's descriptors (the codec only: no Cyclone
 * participant runs here), so the types are the generated ones and testRobot.c is unchanged.
 *
 * Services, as rmw_fastrtps serves them:
 *   - a request's payload is the bare request. Its identity is the sample's: SampleInfo::sample_identity, its
 *     writer GUID replaced by the related sample identity's when the client sent one (its reply reader's
 *     GUID) (rmw_fastrtps_shared_cpp/src/rmw_request.cpp, __rmw_take_request). The robot sees that identity in
 *     the struct's rmw_guid (a slot of `identities`) and rmw_seq (the sequence number, high << 32 | low).
 *   - a reply is the bare response, written with that identity as its related sample identity; when the GUID
 *     is a reader's, only once that reader is matched to the reply writer, else it is dropped
 *     (rmw_fastrtps_shared_cpp/src/rmw_response.cpp, __rmw_send_response; the matched readers are kept as
 *     custom_service_info.hpp's ServicePubListener keeps them).
 * A request that does not read as its type is not taken (as rmw_fastrtps' deserialisation failing): a line
 * {"got":"unreadable","topic":...} says so.
 */
#include <chrono>
#include <cstdio>
#include <mutex>
#include <set>
#include <thread>

// Fast DDS first: Cyclone's DDSI headers define macros (PID_PAD...) that would rename Fast DDS's enumerators.
#include "fastddsRaw.hpp"
// clang-format off
#include "robotDds.h"
#include "dds/ddsi/ddsi_cdrstream.h"
// clang-format on

using namespace raw;

/** A reply writer's matched readers (their GUIDs), as rmw_fastrtps' service listener tracks them. */
struct Matched : public DataWriterListener {
  std::mutex lock;
  std::set<GUID_t> readers;
  void on_publication_matched(DataWriter *, const PublicationMatchedStatus &s) override {
    std::lock_guard<std::mutex> g(lock);
    GUID_t guid = eprosima::fastrtps::rtps::iHandle2GUID(s.last_subscription_handle);
    if (s.current_count_change > 0) readers.insert(guid);
    else readers.erase(guid);
  }
  bool has(const GUID_t &g) {
    std::lock_guard<std::mutex> l(lock);
    return readers.count(g) > 0;
  }
};

struct Endpoint {
  DataWriter *w = nullptr;
  DataReader *r = nullptr;
  const dds_topic_descriptor_t *d = nullptr;
  std::string name;
  bool request = false, reply = false;
  Matched matched;
};

static DomainParticipant *pp;
static Publisher *pub;
static Subscriber *sub;
static std::vector<Endpoint *> endpoints;  // endpoint_t n is endpoints[n - 1]
static SampleIdentity identities[256];      // the requests' identities, by rmw_guid - 1
static unsigned next_identity;

int robot_dds_start(int domain) {
  pp = DomainParticipantFactory::get_instance()->create_participant(domain, PARTICIPANT_QOS_DEFAULT);
  if (!pp) return std::fprintf(stderr, "no participant (FASTRTPS_DEFAULT_PROFILES_FILE?)\n"), 1;
  pub = pp->create_publisher(PUBLISHER_QOS_DEFAULT);
  sub = pp->create_subscriber(SUBSCRIBER_QOS_DEFAULT);
  return pub && sub ? 0 : 1;
}

static endpoint_t add(const dds_topic_descriptor_t *d, const char *name, bool is_writer, bool latched) {
  auto *e = new Endpoint();
  e->d = d;
  e->name = name;
  e->request = e->name.rfind("rq/", 0) == 0;
  e->reply = e->name.rfind("rr/", 0) == 0;
  Topic *t = raw::topic(pp, name, d->m_typename);
  RosQos q{true, latched, latched ? 1 : 10};
  if (is_writer) e->w = raw::writer(pub, t, q, e->reply ? &e->matched : nullptr);
  else e->r = raw::reader(sub, t, q);
  if (!e->w && !e->r) std::fprintf(stderr, "cannot create an endpoint on %s\n", name), std::exit(1);
  endpoints.push_back(e);
  return static_cast<endpoint_t>(endpoints.size());
}

endpoint_t writer(const dds_topic_descriptor_t *d, const char *name, int latched) { return add(d, name, true, latched); }
endpoint_t reader(const dds_topic_descriptor_t *d, const char *name) { return add(d, name, false, false); }

static Endpoint *at(endpoint_t n) { return endpoints.at(static_cast<size_t>(n - 1)); }

void robot_write(endpoint_t n, const void *sample) {
  Endpoint *e = at(n);
  dds_ostreamLE_t os;
  dds_ostreamLE_init(&os, 256, 1);
  dds_stream_writeLE(&os, static_cast<const char *>(sample), e->d->m_ops);
  const uint8_t *body = os.x.m_buffer;
  uint32_t size = os.x.m_index;
  Raw out;
  out.bytes = {0, 1, 0, 0};  // CDR_LE
  WriteParams wp;
  bool send = true;
  if (e->reply) {
    uint64_t slot;
    int64_t seq;
    std::memcpy(&slot, body, 8);
    std::memcpy(&seq, body + 8, 8);
    const SampleIdentity &id = identities[(slot - 1) % 256];
    wp.related_sample_identity(id);
    body += 16, size -= 16;  // the identity travels in RTPS, not in the payload
    if (seq64(id) != seq) send = false;
    // A reader's GUID: wait (max_blocking_time, 100 ms) for it to be matched, as rmw_response.cpp does.
    for (int i = 0; send && is_reader(id.writer_guid()) && !e->matched.has(id.writer_guid()); i++) {
      if (i == 10) send = false;
      else std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!send) std::printf("{\"got\":\"unanswerable\",\"topic\":\"%s\"}\n", e->name.c_str());
  }
  out.bytes.insert(out.bytes.end(), body, body + size);
  if (send && !e->w->write(&out, wp)) std::fprintf(stderr, "write failed on %s\n", e->name.c_str());
  dds_ostreamLE_fini(&os);
}

/** The payload read into a new sample of the type, or NULL when it does not read as the type. */
static void *decode(const dds_topic_descriptor_t *d, std::vector<uint8_t> &data, bool bswap) {
  uint32_t off = 0, size = static_cast<uint32_t>(data.size());
  if (!dds_stream_normalize_data(reinterpret_cast<char *>(data.data()), &off, size, bswap, 1, d->m_ops)) return nullptr;
  void *sample = std::calloc(1, d->m_size);
  dds_istream_t is;
  dds_istream_init(&is, size, data.data(), 1);
  dds_stream_read(&is, static_cast<char *>(sample), d->m_ops);
  return sample;
}

void *robot_take(endpoint_t n) {
  Endpoint *e = at(n);
  Raw in;
  SampleInfo info;
  while (e->r->take_next_sample(&in, &info) == ReturnCode_t::RETCODE_OK) {
    if (!info.valid_data || in.bytes.size() < 4) continue;
    bool bswap = in.bytes[1] == 0;  // CDR_BE on this little-endian machine
    std::vector<uint8_t> data;
    if (e->request) {
      SampleIdentity id = info.sample_identity;
      if (info.related_sample_identity.writer_guid() != GUID_t::unknown()) id.writer_guid() = info.related_sample_identity.writer_guid();
      // For the tests: which of the client's endpoints the reply is addressed to (its reader, as rmw_fastrtps').
      std::printf("{\"got\":\"request\",\"topic\":\"%s\",\"seq\":%lld,\"reply_to\":\"%s\"}\n", e->name.c_str(),
                  static_cast<long long>(seq64(id)), is_reader(id.writer_guid()) ? "reader" : "writer");
      unsigned slot = next_identity++ % 256;
      identities[slot] = id;
      uint64_t guid = slot + 1;
      int64_t seq = seq64(id);
      if (bswap) guid = __builtin_bswap64(guid), seq = static_cast<int64_t>(__builtin_bswap64(static_cast<uint64_t>(seq)));
      data.resize(16);
      std::memcpy(data.data(), &guid, 8);
      std::memcpy(data.data() + 8, &seq, 8);
    }
    data.insert(data.end(), in.bytes.begin() + 4, in.bytes.end());
    if (void *sample = decode(e->d, data, bswap)) return sample;
    std::printf("{\"got\":\"unreadable\",\"topic\":\"%s\",\"bytes\":%zu}\n", e->name.c_str(), in.bytes.size());
  }
  return nullptr;
}

void robot_release(endpoint_t n, void *sample) {
  dds_stream_free_sample(sample, at(n)->d->m_ops);
  std::free(sample);
}
