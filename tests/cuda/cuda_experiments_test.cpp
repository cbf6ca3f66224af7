// The experiment list of the CUDA backend (TESSERA_CUDA_EXPERIMENTAL): host logic, runs without a GPU.
// The list is empty at present (the tensor-core attention and MoE prefill became the defaults).
#include <gtest/gtest.h>

#include "backend/cuda_experiments.h"

namespace tessera::cuda {
namespace {

TEST(CudaExperiments, AnEmptyListIsAccepted) {
  EXPECT_TRUE(parse_cuda_experiments("").ok());
  EXPECT_TRUE(parse_cuda_experiments(",,").ok());  // empty names are skipped
}

TEST(CudaExperiments, AnUnknownNameIsRefusedWithTheKnownOnes) {
  // The former experiments are the defaults now: naming one is an error, not a silent no-op.
  auto old = parse_cuda_experiments("tc_attention");
  ASSERT_FALSE(old.ok());
  EXPECT_EQ(old.error().kind, ErrorKind::InvalidArgument);
  const std::string& m = old.error().message;
  EXPECT_NE(m.find("'tc_attention'"), std::string::npos) << m;
  EXPECT_NE(m.find("known: none"), std::string::npos) << m;
}

}  // namespace
}  // namespace tessera::cuda
