/*
 * The Fast DDS test robot's DDS plumbing (fastddsRobot.cpp includes it; one translation unit): a type that
 * carries ready CDR under a ROS 2 type name, endpoints with Nav2's QoS, and a CDR writer.
 */
#ifndef FASTDDS_ENDPOINTS_HPP
#define FASTDDS_ENDPOINTS_HPP
#include <fastcdr/Cdr.h>
#include <fastcdr/FastBuffer.h>
#include <fastdds/dds/domain/DomainParticipant.hpp>
#include <fastdds/dds/domain/DomainParticipantFactory.hpp>
#include <fastdds/dds/publisher/DataWriter.hpp>
#include <fastdds/dds/publisher/Publisher.hpp>
#include <fastdds/dds/subscriber/DataReader.hpp>
#include <fastdds/dds/subscriber/SampleInfo.hpp>
#include <fastdds/dds/subscriber/Subscriber.hpp>
#include <fastdds/dds/topic/TopicDataType.hpp>
#include <fastdds/dds/topic/TypeSupport.hpp>
#include <fastdds/rtps/common/WriteParams.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace eprosima::fastdds::dds;
using eprosima::fastcdr::Cdr;
using eprosima::fastcdr::FastBuffer;
using eprosima::fastrtps::rtps::SerializedPayload_t;
using eprosima::fastrtps::rtps::WriteParams;

/** A sample: its serialised bytes, the 4-byte encapsulation header first. */
struct Raw {
  std::vector<uint8_t> bytes;
};

/** A DDS type that is only a name: the bytes go through as they are, so every ROS type is one class. */
class RawType : public TopicDataType {
 public:
  explicit RawType(const std::string &name) {
    setName(name.c_str());
    m_typeSize = 4096;  // a first allocation; payloads grow past it (realloc history memory)
    m_isGetKeyDefined = false;
    // rmw_fastrtps sends no type object or information: topics match by type name, as with rmw_cyclonedds.
    auto_fill_type_object(false);
    auto_fill_type_information(false);
  }
  bool serialize(void *data, SerializedPayload_t *payload) override {
    auto &b = static_cast<Raw *>(data)->bytes;
    if (payload->max_size < b.size()) payload->reserve(static_cast<uint32_t>(b.size()));
    std::memcpy(payload->data, b.data(), b.size());
    payload->length = static_cast<uint32_t>(b.size());
    payload->encapsulation = CDR_LE;
    return true;
  }
  bool deserialize(SerializedPayload_t *payload, void *data) override {
    static_cast<Raw *>(data)->bytes.assign(payload->data, payload->data + payload->length);
    return true;
  }
  std::function<uint32_t()> getSerializedSizeProvider(void *data) override {
    return [data] { return static_cast<uint32_t>(static_cast<Raw *>(data)->bytes.size()); };
  }
  void *createData() override { return new Raw(); }
  void deleteData(void *data) override { delete static_cast<Raw *>(data); }
  bool getKey(void *, eprosima::fastrtps::rtps::InstanceHandle_t *, bool) override { return false; }
};

static DomainParticipant *pp;
static Publisher *pub;
static Subscriber *sub;

static Topic *topic(const std::string &name, const std::string &type) {
  TypeSupport ts(new RawType(type));
  ts.register_type(pp);  // again for a second topic of the type: harmless
  return pp->create_topic(name, type, TOPIC_QOS_DEFAULT);
}

/** Nav2's QoS: reliable, keep last 10, volatile; `latched`: transient local, keep last 1. */
static DataWriter *writer(const std::string &name, const std::string &type, bool latched = false) {
  DataWriterQos q = DATAWRITER_QOS_DEFAULT;
  q.reliability().kind = RELIABLE_RELIABILITY_QOS;
  q.durability().kind = latched ? TRANSIENT_LOCAL_DURABILITY_QOS : VOLATILE_DURABILITY_QOS;
  q.history().kind = KEEP_LAST_HISTORY_QOS;
  q.history().depth = latched ? 1 : 10;
  q.endpoint().history_memory_policy = eprosima::fastrtps::rtps::PREALLOCATED_WITH_REALLOC_MEMORY_MODE;
  q.publish_mode().kind = ASYNCHRONOUS_PUBLISH_MODE;  // rmw_fastrtps' default
  return pub->create_datawriter(topic(name, type), q);
}

static DataReader *reader(const std::string &name, const std::string &type) {
  DataReaderQos q = DATAREADER_QOS_DEFAULT;
  q.reliability().kind = RELIABLE_RELIABILITY_QOS;
  q.history().kind = KEEP_LAST_HISTORY_QOS;
  q.history().depth = 10;
  q.endpoint().history_memory_policy = eprosima::fastrtps::rtps::PREALLOCATED_WITH_REALLOC_MEMORY_MODE;
  return sub->create_datareader(topic(name, type), q);
}

/** A message in CDR, little-endian, with its encapsulation header. */
struct Out {
  FastBuffer buf;
  Cdr cdr{buf, Cdr::DEFAULT_ENDIAN, Cdr::DDS_CDR};
  Out() { cdr.serialize_encapsulation(); }
  Raw raw() {
    Raw r;
    r.bytes.assign(buf.getBuffer(), buf.getBuffer() + cdr.getSerializedDataLength());
    return r;
  }
};

#endif
