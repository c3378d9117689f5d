/*
 * Fast DDS (Debian's libfastrtps 2.9) as rmw_fastrtps_cpp uses it, for the programs that speak its wire: the
 * Fast DDS bridge (fastddsBridge.cpp) and the ROS 2 test robot on Fast DDS (tests/ros2/robotFastdds.cpp).
 * One DDS type that carries ready CDR under a ROS 2 type name (rmw_fastrtps' TypeSupport carries what rosidl
 * serialised the same way), and endpoints with the QoS settings rmw_fastrtps gives them
 * (rmw_fastrtps_cpp/src/rmw_client.cpp, rmw_publisher.cpp: history memory PREALLOCATED_WITH_REALLOC, data
 * sharing off; the ROS QoS profile on top).
 */
#ifndef FASTDDS_RAW_HPP
#define FASTDDS_RAW_HPP
#include <fastdds/dds/domain/DomainParticipant.hpp>
#include <fastdds/dds/domain/DomainParticipantFactory.hpp>
#include <fastdds/dds/domain/DomainParticipantListener.hpp>
#include <fastdds/dds/publisher/DataWriter.hpp>
#include <fastdds/dds/publisher/DataWriterListener.hpp>
#include <fastdds/dds/publisher/Publisher.hpp>
#include <fastdds/dds/subscriber/DataReader.hpp>
#include <fastdds/dds/subscriber/DataReaderListener.hpp>
#include <fastdds/dds/subscriber/SampleInfo.hpp>
#include <fastdds/dds/subscriber/Subscriber.hpp>
#include <fastdds/dds/topic/TopicDataType.hpp>
#include <fastdds/dds/topic/TypeSupport.hpp>
#include <fastdds/rtps/common/InstanceHandle.h>
#include <fastdds/rtps/common/SampleIdentity.h>
#include <fastdds/rtps/common/WriteParams.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace raw {
using namespace eprosima::fastdds::dds;
using eprosima::fastrtps::rtps::GUID_t;
using eprosima::fastrtps::rtps::SampleIdentity;
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
    // No type object or information: topics match by type name, as between rmw_fastrtps and rmw_cyclonedds.
    auto_fill_type_object(false);
    auto_fill_type_information(false);
  }
  bool serialize(void *data, SerializedPayload_t *payload) override {
    auto &b = static_cast<Raw *>(data)->bytes;
    if (payload->max_size < b.size()) payload->reserve(static_cast<uint32_t>(b.size()));
    std::memcpy(payload->data, b.data(), b.size());
    payload->length = static_cast<uint32_t>(b.size());
    payload->encapsulation = b.size() > 1 && b[1] == 0 ? CDR_BE : CDR_LE;
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

/** The topic `name` of the type `type` (registered on first use; a second registration is harmless). */
inline Topic *topic(DomainParticipant *pp, const std::string &name, const std::string &type) {
  if (TopicDescription *t = pp->lookup_topicdescription(name)) return dynamic_cast<Topic *>(t);
  TypeSupport ts(new RawType(type));
  ts.register_type(pp);
  return pp->create_topic(name, type, TOPIC_QOS_DEFAULT);
}

/** A ROS QoS profile's part that matters here: reliable or best effort, transient local or volatile, depth. */
struct RosQos {
  bool reliable = true;
  bool transient_local = false;
  int depth = 10;
};

template <typename Q>
inline void apply(Q &q, const RosQos &r) {
  q.reliability().kind = r.reliable ? RELIABLE_RELIABILITY_QOS : BEST_EFFORT_RELIABILITY_QOS;
  q.durability().kind = r.transient_local ? TRANSIENT_LOCAL_DURABILITY_QOS : VOLATILE_DURABILITY_QOS;
  q.history().kind = KEEP_LAST_HISTORY_QOS;
  q.history().depth = r.depth;
  q.endpoint().history_memory_policy = eprosima::fastrtps::rtps::PREALLOCATED_WITH_REALLOC_MEMORY_MODE;
  q.data_sharing().off();
}

inline DataWriter *writer(Publisher *pub, Topic *t, const RosQos &r, DataWriterListener *l = nullptr) {
  DataWriterQos q = pub->get_default_datawriter_qos();
  apply(q, r);
  return t ? pub->create_datawriter(t, q, l) : nullptr;
}

inline DataReader *reader(Subscriber *sub, Topic *t, const RosQos &r, DataReaderListener *l = nullptr) {
  DataReaderQos q = sub->get_default_datareader_qos();
  apply(q, r);
  return t ? sub->create_datareader(t, q, l) : nullptr;
}

/** A sequence number as rmw_fastrtps makes it an int64 (rmw_request.cpp: high << 32 | low). */
inline int64_t seq64(const SampleIdentity &id) {
  return (static_cast<int64_t>(id.sequence_number().high) << 32) | id.sequence_number().low;
}

/** Whether a GUID is a reader's: RTPS 9.3.1.2 entity kinds, as rmw_response.cpp tells a reply reader's GUID. */
inline bool is_reader(const GUID_t &g) {
  return (g.entityId.value[3] & 0x04) != 0;
}
}  // namespace raw
#endif
