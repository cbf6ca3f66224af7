#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "cuda_check.h"
#include "cuda_test_util.h"
#include "device_buffer.h"
#include "device_info.h"

namespace tessera::cuda {
namespace {

TEST(DeviceInfo, ListingNeverFailsForLackOfAGpu) {
  auto list = list_devices();
  ASSERT_TRUE(list.ok()) << list.error().describe();
  EXPECT_GT(list->runtime_version, 0);
  if (list->devices.empty()) {
    EXPECT_NE(list->unavailable_reason.find("no NVIDIA driver/GPU found"), std::string::npos) << list->unavailable_reason;
  } else {
    EXPECT_TRUE(list->unavailable_reason.empty());
    EXPECT_GT(list->driver_version, 0);
  }
}

TEST(DeviceInfo, FieldsOfEveryDevice) {
  TESSERA_REQUIRE_GPU();
  auto list = list_devices();
  ASSERT_TRUE(list.ok()) << list.error().describe();
  for (const auto& d : list->devices) {
    SCOPED_TRACE("device " + std::to_string(d.index) + " " + d.name);
    EXPECT_FALSE(d.name.empty());
    EXPECT_GE(d.cc_major * 10 + d.cc_minor, 75);
    EXPECT_GT(d.total_bytes, uint64_t{1} << 30);
    EXPECT_GT(d.free_bytes, 0u);
    EXPECT_LE(d.free_bytes, d.total_bytes);
    EXPECT_GT(d.multiprocessor_count, 0);
    EXPECT_TRUE(std::regex_match(d.pci_bus_id, std::regex("[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\.[0-9A-Fa-f]")))
        << d.pci_bus_id;
    EXPECT_TRUE(std::regex_match(d.uuid, std::regex("GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")))
        << d.uuid;
  }
  auto bad = query_device(static_cast<int>(list->devices.size()) + 3);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::Device);
  EXPECT_NE(bad.error().message.find("device"), std::string::npos) << bad.error().message;
}

TEST(DeviceBuffer, AllocatesRecordsAndCopies) {
  TESSERA_REQUIRE_GPU();
  auto buf = DeviceBuffer::allocate(0, 1000, "test");
  ASSERT_TRUE(buf.ok()) << buf.error().describe();
  EXPECT_EQ(buf->bytes(), 1000u);
  EXPECT_EQ(buf->device(), 0);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buf->data()) % 256, 0u);
  std::vector<uint8_t> in(1000), out(1000, 0);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i * 7 + 3);
  TESSERA_ASSERT_OK(buf->upload(in.data(), in.size(), 0, nullptr));
  TESSERA_ASSERT_OK(buf->download(out.data(), out.size(), 0, nullptr));
  TESSERA_ASSERT_CUDA(cudaDeviceSynchronize());
  EXPECT_EQ(in, out);
  auto over = buf->upload(in.data(), 10, 995, nullptr);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().kind, ErrorKind::InvalidArgument);
  DeviceBuffer moved = std::move(buf).value();
  EXPECT_EQ(moved.bytes(), 1000u);
  moved.reset();
  EXPECT_TRUE(moved.empty());
}

TEST(DeviceBuffer, OutOfMemoryNamesDeviceAndBytes) {
  TESSERA_REQUIRE_GPU();
  auto info = query_device(0);
  ASSERT_TRUE(info.ok()) << info.error().describe();
  const size_t too_much = info->total_bytes * 2;
  auto buf = DeviceBuffer::allocate(0, too_much, "an impossible tensor");
  ASSERT_FALSE(buf.ok());
  const Error& e = buf.error();
  EXPECT_EQ(e.kind, ErrorKind::OutOfMemory);
  EXPECT_NE(e.message.find("CUDA device 0"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find(std::to_string(too_much)), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("free"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("an impossible tensor"), std::string::npos) << e.message;
  // The failure leaves no sticky error behind: the next allocation and check succeed.
  auto ok = DeviceBuffer::allocate(0, 1 << 20, "after OOM");
  EXPECT_TRUE(ok.ok()) << ok.error().describe();
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(CudaCheck, ErrorsNameCallAndDevice) {
  const Error e = cuda_error(cudaErrorMemoryAllocation, "cudaMalloc(&p, n)", 3);
  EXPECT_EQ(e.kind, ErrorKind::OutOfMemory);
  EXPECT_NE(e.message.find("cudaMalloc(&p, n)"), std::string::npos);
  EXPECT_NE(e.message.find("CUDA device 3"), std::string::npos);
  EXPECT_NE(e.message.find("cudaErrorMemoryAllocation"), std::string::npos);
  const Error nd = cuda_error(cudaErrorInsufficientDriver, "cudaGetDeviceCount", -1);
  EXPECT_EQ(nd.kind, ErrorKind::Device);
  EXPECT_EQ(nd.message.rfind("no NVIDIA driver/GPU found", 0), 0u) << nd.message;
  const Error cb = cublas_error(CUBLAS_STATUS_INVALID_VALUE, "cublasGemmEx", 0);
  EXPECT_EQ(cb.kind, ErrorKind::Device);
  EXPECT_NE(cb.message.find("CUBLAS_STATUS_INVALID_VALUE"), std::string::npos) << cb.message;
}

}  // namespace
}  // namespace tessera::cuda
