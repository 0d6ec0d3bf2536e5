// command_list.h: a command action's cmd_list (colorfight §2.5) as the
// engine reads it at an update (§6.2): every entry parsed, a non-string
// entry refused with Python's str() of it.
//
//   boost::json::array list = boost::json::parse(R"(["a 1 2 3", 5])")
//                                 .as_array();
//   std::vector<ParsedCommand> parsed = ParseCommandList(list);
//   // parsed[0].command: attack (1, 2) with 3
//   // parsed[1].error == "5 is not a command"
//
// The room keeps the parsed list and hands its commands to Update
// (rules.h); a kInvalid entry fails there with Failure::kInvalid, and its
// error text is the entry's `error`.
#ifndef WL_COLORFIGHT_COMMAND_LIST_H_
#define WL_COLORFIGHT_COMMAND_LIST_H_

#include <string>
#include <vector>

#include "boost/json.hpp"
#include "sdk/colorfight/command.h"

namespace wl::colorfight {

// One entry of a cmd_list, as ParseCommandList reads each.
ParsedCommand ParseCommandEntry(const boost::json::value& entry);

// Every entry of `cmd_list`, in order: strings through ParseCommand, any
// other value gives "<str(value)> is not a command" (§6.2 step 1).
std::vector<ParsedCommand> ParseCommandList(const boost::json::array& cmd_list);

// Python's str() of the value json.loads gives for `value`: 5, 3.5, 1e+30,
// True, None, [], {'a': 1}, ['a', 1, 2, 3] (strings inside containers as
// repr()). Integers beyond 64 bits reach Boost.JSON as doubles and print as
// floats, where Python would print every digit.
std::string PyStr(const boost::json::value& value);

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_COMMAND_LIST_H_
