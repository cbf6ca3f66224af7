// The experiment list of the CUDA backend (TESSERA_CUDA_EXPERIMENTAL): host logic, runs without a GPU.
#include <gtest/gtest.h>

#include "backend/cuda_experiments.h"

namespace tessera::cuda {
namespace {

TEST(CudaExperiments, NamesTurnOnTheirKernels) {
  auto none = parse_cuda_experiments("");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->tc_attention || none->tc_decode || none->moe_mma);
  auto some = parse_cuda_experiments("moe_mma,,tc_attention");  // empty names are skipped
  ASSERT_TRUE(some.ok()) << some.error().message;
  EXPECT_TRUE(some->tc_attention);
  EXPECT_FALSE(some->tc_decode);
  EXPECT_TRUE(some->moe_mma);
  auto all = parse_cuda_experiments("tc_attention,tc_decode,moe_mma");
  ASSERT_TRUE(all.ok());
  EXPECT_TRUE(all->tc_attention && all->tc_decode && all->moe_mma);
}

TEST(CudaExperiments, AnUnknownNameIsRefusedWithTheKnownOnes) {
  auto typo = parse_cuda_experiments("tc_attention,tc_atention");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::InvalidArgument);
  const std::string& m = typo.error().message;
  EXPECT_NE(m.find("'tc_atention'"), std::string::npos) << m;
  EXPECT_NE(m.find("known: tc_attention, tc_decode, moe_mma"), std::string::npos) << m;
  EXPECT_FALSE(parse_cuda_experiments(" tc_attention").ok());  // names are exact
}

}  // namespace
}  // namespace tessera::cuda
