#include "wl/map_json.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "boost/json.hpp"
#include "common/files.h"

namespace wl::tools {
namespace {

namespace json = boost::json;

absl::Status Invalid(const std::string& what) {
  return absl::InvalidArgumentError(what);
}

// Reads obj[key] as an int, or says what is wrong.
absl::StatusOr<int> IntField(const json::object& obj, const char* key,
                             const std::string& where) {
  const json::value* v = obj.if_contains(key);
  if (!v) return Invalid(absl::StrCat(where, " has no \"", key, "\""));
  if (v->is_int64() && v->as_int64() >= INT32_MIN &&
      v->as_int64() <= INT32_MAX) {
    return static_cast<int>(v->as_int64());
  }
  if (v->is_uint64() && v->as_uint64() <= INT32_MAX) {
    return static_cast<int>(v->as_uint64());
  }
  return Invalid(absl::StrCat(where, ": \"", key, "\" is not an integer"));
}

absl::StatusOr<const json::array*> ArrayField(const json::object& obj,
                                              const char* key) {
  const json::value* v = obj.if_contains(key);
  if (!v) return Invalid(absl::StrCat("map has no \"", key, "\" list"));
  if (!v->is_array())
    return Invalid(absl::StrCat("\"", key, "\" is not a list"));
  return &v->as_array();
}

// The super regions, in file order.
absl::Status AddSuperRegions(const json::array& supers, Map& map) {
  for (size_t i = 0; i < supers.size(); ++i) {
    const json::value& v = supers[i];
    std::string where = absl::StrCat("SuperRegions[", i, "]");
    if (!v.is_object())
      return Invalid(absl::StrCat(where, " is not an object"));
    absl::StatusOr<int> id = IntField(v.as_object(), "id", where);
    if (!id.ok()) return id.status();
    absl::StatusOr<int> bonus = IntField(v.as_object(), "bonus", where);
    if (!bonus.ok()) return bonus.status();
    if (std::string err = map.AddSuperRegion(*id, *bonus); !err.empty()) {
      return Invalid(err);
    }
  }
  return absl::OkStatus();
}

// Pass 1: creates the regions in file order (super-region member order).
absl::Status AddRegions(const json::array& regions, Map& map) {
  for (size_t i = 0; i < regions.size(); ++i) {
    const json::value& v = regions[i];
    std::string where = absl::StrCat("Regions[", i, "]");
    if (!v.is_object())
      return Invalid(absl::StrCat(where, " is not an object"));
    absl::StatusOr<int> id = IntField(v.as_object(), "id", where);
    if (!id.ok()) return id.status();
    absl::StatusOr<int> super = IntField(v.as_object(), "superRegion", where);
    if (!super.ok()) return super.status();
    if (std::string err = map.AddRegion(*id, *super); !err.empty()) {
      return Invalid(err);
    }
  }
  return absl::OkStatus();
}

// Links region `obj` (created in pass 1) to its neighbours, in file order.
absl::Status LinkRegion(const json::object& obj, Map& map) {
  int id = static_cast<int>(obj.at("id").to_number<int64_t>());
  const json::value* nbs = obj.if_contains("neighbors");
  if (!nbs) return absl::OkStatus();  // listed only by its neighbours
  if (!nbs->is_array()) {
    return Invalid(
        absl::StrCat("region ", id, ": \"neighbors\" is not a list"));
  }
  for (const json::value& nb : nbs->as_array()) {
    if (!nb.is_int64() && !nb.is_uint64()) {
      return Invalid(
          absl::StrCat("region ", id, ": a neighbour is not an integer"));
    }
    // A uint64 above 2^63 - 1 does not fit an int64: compare as printed.
    const bool fits =
        nb.is_int64() && nb.as_int64() >= 1 && nb.as_int64() <= kMaxRegionId;
    const int n = fits ? static_cast<int>(nb.as_int64()) : 0;
    if (!map.HasRegion(n)) {
      return Invalid(absl::StrCat("region ", id, " lists unknown neighbour ",
                                  json::serialize(nb)));
    }
    if (std::string err = map.AddLink(id, n); !err.empty()) {
      return Invalid(err);
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Map> ParseMapJson(std::string_view text) {
  json::error_code ec;
  json::value root = json::parse(text, ec);
  if (ec) return Invalid("map is not valid JSON: " + ec.message());
  if (!root.is_object()) return Invalid("map is not a JSON object");
  const json::object& top = root.as_object();
  absl::StatusOr<const json::array*> supers = ArrayField(top, "SuperRegions");
  if (!supers.ok()) return supers.status();
  absl::StatusOr<const json::array*> regions = ArrayField(top, "Regions");
  if (!regions.ok()) return regions.status();

  Map map;
  if (absl::Status ok = AddSuperRegions(**supers, map); !ok.ok()) return ok;
  if (absl::Status ok = AddRegions(**regions, map); !ok.ok()) return ok;
  // Pass 2: link in file order (adjacency insertion order, spec section 2).
  for (const json::value& region : **regions) {
    absl::Status ok = LinkRegion(region.as_object(), map);
    if (!ok.ok()) return ok;
  }
  if (std::string err = map.Validate(); !err.empty()) return Invalid(err);
  return map;
}

absl::StatusOr<Map> LoadMapFile(const std::string& path) {
  return LoadMapFileWith(path, ParseMapJson);
}

std::string MapToJson(const Map& map) {
  json::array supers;
  for (const Map::SuperRegion& s : map.SuperRegions()) {
    supers.push_back(json::object{{"id", s.id}, {"bonus", s.bonus}});
  }
  json::array regions;
  for (int id : map.RegionIds()) {
    json::array nbs;
    for (int n : map.Neighbors(id)) nbs.push_back(n);
    regions.push_back(json::object{{"id", id},
                                   {"superRegion", map.SuperRegionOf(id)},
                                   {"neighbors", nbs}});
  }
  return json::serialize(
      json::object{{"SuperRegions", supers}, {"Regions", regions}});
}

}  // namespace wl::tools
