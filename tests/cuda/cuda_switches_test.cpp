// The A/B switch lists of the CUDA backend (cuda/backend/cuda_switches.h): host logic, runs without
// a GPU. A misspelled fusion name used to be ignored, measuring the fused path under its name.
#include <gtest/gtest.h>

#include "backend/cuda_switches.h"

namespace tessera::cuda {
namespace {

TEST(CudaFusions, NamesTurnTheirFusionOff) {
  auto all = parse_cuda_fusions("");
  ASSERT_TRUE(all.ok());
  EXPECT_TRUE(all->glu && all->norm_q8 && all->rope_kv);
  auto some = parse_cuda_fusions("rope,,glu");  // empty names are skipped
  ASSERT_TRUE(some.ok()) << some.error().message;
  EXPECT_FALSE(some->glu);
  EXPECT_TRUE(some->norm_q8);
  EXPECT_FALSE(some->rope_kv);
  auto none = parse_cuda_fusions("glu,norm_q8,rope");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->glu || none->norm_q8 || none->rope_kv);
}

TEST(CudaFusions, AnUnknownNameIsRefusedWithTheKnownOnes) {
  auto typo = parse_cuda_fusions("glu,norm-q8");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::InvalidArgument);
  const std::string& m = typo.error().message;
  EXPECT_NE(m.find("'norm-q8'"), std::string::npos) << m;
  EXPECT_NE(m.find("known: glu, norm_q8, rope"), std::string::npos) << m;
  EXPECT_FALSE(parse_cuda_fusions("rope_kv").ok());  // the member's name is not the switch's
}

TEST(SwitchNames, KeepsTheListOrderAndChecksEveryName) {
  auto names = parse_switch_names("b,a,b", {"a", "b"}, "thing");
  ASSERT_TRUE(names.ok());
  ASSERT_EQ(names->size(), 3u);
  EXPECT_EQ((*names)[0], "b");
  EXPECT_EQ((*names)[1], "a");
  auto bad = parse_switch_names("a,c", {"a", "b"}, "thing");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("unknown thing 'c'"), std::string::npos) << bad.error().message;
}

}  // namespace
}  // namespace tessera::cuda
