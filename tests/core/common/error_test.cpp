// Result's accessors are checked in every build (core/common/error.h): reading the wrong side is a
// BadResultAccess naming the ignored error, not undefined behaviour in a release build.
#include "common/error.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tessera {
namespace {

using ::testing::HasSubstr;

Result<int> fails() { return make_error(ErrorKind::BadFile, "blk.3.attn_q.weight is 12 bytes short"); }

TEST(Result, ValueOfAnErrorThrowsNamingTheError) {
  Result<int> r = fails();
  try {
    (void)r.value();
    FAIL() << "no exception";
  } catch (const BadResultAccess& e) {
    EXPECT_THAT(e.what(), HasSubstr("BadFile: blk.3.attn_q.weight is 12 bytes short"));
  }
  EXPECT_THROW((void)*r, BadResultAccess);
  EXPECT_THROW((void)std::move(r).value(), BadResultAccess);
  const Result<int> c = fails();
  EXPECT_THROW((void)c.value(), BadResultAccess);
}

TEST(Result, ErrorOfAValueThrows) {
  Result<int> r = 7;
  EXPECT_EQ(r.value(), 7);
  EXPECT_THROW((void)r.error(), BadResultAccess);
  EXPECT_THROW((void)r.take_error(), BadResultAccess);
  Status ok;
  EXPECT_THROW((void)ok.error(), BadResultAccess);
  EXPECT_THROW((void)ok.take_error(), BadResultAccess);
  Status bad = make_error(ErrorKind::Io, "disk full");
  EXPECT_EQ(bad.error().message, "disk full");
}

}  // namespace
}  // namespace tessera
