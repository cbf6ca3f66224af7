// Test support: reads a Python literal (repr of dicts, lists, tuples, str, int, float, True,
// False, None) into JSON. Fixture files may give `messages` as such a string instead of JSON.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "common/error.h"

namespace tessera::test {

Result<nlohmann::ordered_json> python_literal_to_json(const std::string& text);

}  // namespace tessera::test
