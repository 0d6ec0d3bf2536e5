# WlBots.cmake: the bots of bots/*/, found at configure time, each built
# with only the folders it includes, and the registry that lets the arena
# play every one of them in process.
#
#   include(cmake/WlBots.cmake)
#   wl_find_bots(${CMAKE_SOURCE_DIR}/bots)   # top level, before add_subdirectory
#   wl_add_bot_executables()                 # bots/CMakeLists.txt
#   wl_add_bot_registry(wl_bot_registry)     # tools/CMakeLists.txt
#
# The convention (README, "Write your bot"): a bot is a folder bots/NAME/
# with a main.cpp. The one class of its headers declared at global scope as
#   class MyBot : public wl::Bot {
# is the bot the arena makes in process, as MyBot(seed) when it has a
# constructor from a uint64_t seed, else as MyBot() (tools/arena/
# builtin_bots.h, MakeSeededBot; static_asserts check both at build time).
# A folder whose class is not found plays as a process only (a STATUS line
# says so). Two folders with the same bot class or the same include guard
# stop the configure: one program (the arena, wl_tests, wl_bench) would
# silently keep one of the two definitions.
#
# Each bot folder's files are configure dependencies: editing one re-runs
# the (quick) configure, so that a renamed class or a new include is seen.
#
# Results, as global properties: WL_BOTS (the names), and per NAME:
# WL_BOT_<NAME>_DIRS (its include folders), _CLASS, _HEADER (empty when it
# plays as a process only) and _SOURCES (its .cpp files but main.cpp).

set(_wl_ws "[ \t\r\n]")
set(_wl_id "[A-Za-z_][A-Za-z0-9_]*")

# The wl::Bot classes declared in FILE (their names) and its include guard.
function(_wl_scan_header file out_classes out_guard)
  file(READ ${file} text)
  string(REGEX REPLACE "//[^\n]*" "" text "${text}")
  set(ws "${_wl_ws}")
  string(REGEX MATCHALL
         "(class|struct)${ws}+${_wl_id}${ws}*(final${ws}*)?:${ws}*(public${ws}+)?(::)?wl${ws}*::${ws}*Bot${ws}*[{,]"
         decls "${text}")
  set(classes "")
  foreach(decl ${decls})
    string(REGEX MATCH "(class|struct)${ws}+(${_wl_id})" unused "${decl}")
    list(APPEND classes ${CMAKE_MATCH_2})
  endforeach()
  set(guard "")
  if(text MATCHES
     "#[ \t]*ifndef[ \t]+(${_wl_id})[ \t\r]*\n[ \t]*#[ \t]*define[ \t]+(${_wl_id})"
     AND CMAKE_MATCH_1 STREQUAL CMAKE_MATCH_2)
    set(guard ${CMAKE_MATCH_1})
  endif()
  set(${out_classes} ${classes} PARENT_SCOPE)
  set(${out_guard} ${guard} PARENT_SCOPE)
endfunction()

# The names in FILE's #include "..." lines.
function(_wl_quoted_includes file out)
  file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"[^\"]+\"")
  set(names "")
  foreach(line ${lines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1"
                         name "${line}")
    list(APPEND names ${name})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

# Fails the configure when two bot folders share a bot class or a guard.
function(_wl_check_unique kind value where)
  string(MAKE_C_IDENTIFIER "${kind}_${value}" key)
  get_property(first GLOBAL PROPERTY _WL_SEEN_${key})
  if(first AND NOT first STREQUAL where)
    get_filename_component(first_dir ${first} DIRECTORY)
    get_filename_component(where_dir ${where} DIRECTORY)
    if(NOT first_dir STREQUAL where_dir)
      file(RELATIVE_PATH a ${CMAKE_SOURCE_DIR} ${first})
      file(RELATIVE_PATH b ${CMAKE_SOURCE_DIR} ${where})
      message(FATAL_ERROR
        "${a} and ${b} both define the ${kind} ${value}: one program (the "
        "arena, wl_tests, wl_bench) holds every bot, and would silently keep "
        "only one of the two. Rename it in one of them, or make a fork with "
        "scripts/new_bot.sh NAME, which renames the class, file and guard.")
    endif()
  endif()
  set_property(GLOBAL PROPERTY _WL_SEEN_${key} ${where})
endfunction()

# Scans every header of every folder of BOTS_DIR: bot classes and guards
# must be unique across folders. Sets _WL_CLASSES_<file> for each header.
function(_wl_scan_folders folders)
  foreach(dir ${folders})
    file(GLOB headers CONFIGURE_DEPENDS ${dir}/*.h)
    file(GLOB sources CONFIGURE_DEPENDS ${dir}/*.cpp)
    set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY
                 CMAKE_CONFIGURE_DEPENDS ${headers} ${sources})
    foreach(header ${headers})
      _wl_scan_header(${header} classes guard)
      foreach(class ${classes})
        _wl_check_unique("bot class" ${class} ${header})
      endforeach()
      if(guard)
        _wl_check_unique("include guard" ${guard} ${header})
      endif()
      set_property(GLOBAL PROPERTY _WL_CLASSES_${header} "${classes}")
    endforeach()
  endforeach()
endfunction()

# Where `#include "NAME"` in a file of folder FROM is found: FROM itself,
# the sdk, or exactly one other bot folder ("" when nowhere: the compiler
# will say so).
function(_wl_resolve_include from name folders out)
  set(${out} "" PARENT_SCOPE)
  if(EXISTS ${from}/${name} OR EXISTS ${CMAKE_SOURCE_DIR}/sdk/wl/${name})
    return()
  endif()
  set(found "")
  foreach(dir ${folders})
    if(NOT dir STREQUAL from AND EXISTS ${dir}/${name})
      list(APPEND found ${dir})
    endif()
  endforeach()
  list(LENGTH found count)
  if(count GREATER 1)
    string(REPLACE "${CMAKE_SOURCE_DIR}/" "" found_text "${found}")
    string(REPLACE ";" " and " found_text "${found_text}")
    message(FATAL_ERROR
      "${from} includes \"${name}\", which both ${found_text} hold: rename one "
      "(scripts/new_bot.sh NAME makes forks with their own file names).")
  endif()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# The include folders of the bot in DIR: its own, plus every other bot
# folder whose headers it includes, followed transitively.
function(_wl_bot_include_dirs dir folders out)
  set(dirs ${dir})
  file(GLOB queue ${dir}/*.h ${dir}/*.cpp)
  set(seen ${queue})
  while(queue)
    list(POP_FRONT queue file)
    get_filename_component(file_dir ${file} DIRECTORY)
    _wl_quoted_includes(${file} names)
    foreach(name ${names})
      _wl_resolve_include(${file_dir} ${name} "${folders}" other)
      if(other AND NOT other IN_LIST dirs)
        list(APPEND dirs ${other})
      endif()
      if(other AND NOT ${other}/${name} IN_LIST seen)
        list(APPEND queue ${other}/${name})
        list(APPEND seen ${other}/${name})
      endif()
    endforeach()
  endwhile()
  set(${out} ${dirs} PARENT_SCOPE)
endfunction()

# The bot class of the bot in DIR and its header, or "" with a STATUS line.
function(_wl_bot_class dir name out_class out_header)
  file(GLOB headers ${dir}/*.h)
  set(found "")
  set(found_headers "")
  foreach(header ${headers})
    get_property(classes GLOBAL PROPERTY _WL_CLASSES_${header})
    foreach(class ${classes})
      list(APPEND found ${class})
      list(APPEND found_headers ${header})
    endforeach()
  endforeach()
  list(LENGTH found count)
  if(count GREATER 1)
    # Several: keep the ones main.cpp includes.
    _wl_quoted_includes(${dir}/main.cpp direct)
    set(kept "")
    set(kept_headers "")
    foreach(class header IN ZIP_LISTS found found_headers)
      get_filename_component(file ${header} NAME)
      if(file IN_LIST direct)
        list(APPEND kept ${class})
        list(APPEND kept_headers ${header})
      endif()
    endforeach()
    set(found ${kept})
    set(found_headers ${kept_headers})
    list(LENGTH found count)
  endif()
  set(${out_class} "" PARENT_SCOPE)
  set(${out_header} "" PARENT_SCOPE)
  if(NOT count EQUAL 1)
    message(STATUS "bots/${name}: ${count} classes declared as "
                   "\"class X : public wl::Bot\" in its headers (one is "
                   "needed); it plays as a process only")
  elseif(NOT name MATCHES "^[A-Za-z0-9_.-]+$")
    message(STATUS "bots/${name}: the folder name is not a plain word; it "
                   "plays as a process only")
  else()
    set(${out_class} ${found} PARENT_SCOPE)
    get_filename_component(file ${found_headers} NAME)
    set(${out_header} ${file} PARENT_SCOPE)
  endif()
endfunction()

# Finds the bots of BOTS_DIR (see the top of this file).
function(wl_find_bots bots_dir)
  file(GLOB entries LIST_DIRECTORIES true CONFIGURE_DEPENDS ${bots_dir}/*)
  file(GLOB mains CONFIGURE_DEPENDS ${bots_dir}/*/main.cpp)
  set(folders "")
  foreach(entry ${entries})
    if(IS_DIRECTORY ${entry})
      list(APPEND folders ${entry})
    endif()
  endforeach()
  _wl_scan_folders("${folders}")
  set(names "")
  foreach(main ${mains})
    get_filename_component(dir ${main} DIRECTORY)
    get_filename_component(name ${dir} NAME)
    list(APPEND names ${name})
    _wl_bot_include_dirs(${dir} "${folders}" dirs)
    _wl_bot_class(${dir} ${name} class header)
    file(GLOB sources ${dir}/*.cpp)
    list(REMOVE_ITEM sources ${dir}/main.cpp)
    set_property(GLOBAL PROPERTY WL_BOT_${name}_DIR ${dir})
    set_property(GLOBAL PROPERTY WL_BOT_${name}_DIRS ${dirs})
    set_property(GLOBAL PROPERTY WL_BOT_${name}_CLASS ${class})
    set_property(GLOBAL PROPERTY WL_BOT_${name}_HEADER ${header})
    set_property(GLOBAL PROPERTY WL_BOT_${name}_SOURCES ${sources})
  endforeach()
  set_property(GLOBAL PROPERTY WL_BOTS ${names})
endfunction()

# One executable per bot, bot_NAME, built as <build>/bots/NAME. It links
# the sdk alone, so that its upload zip compiles with plain g++.
function(wl_add_bot_executables)
  get_property(names GLOBAL PROPERTY WL_BOTS)
  foreach(name ${names})
    get_property(dir GLOBAL PROPERTY WL_BOT_${name}_DIR)
    get_property(dirs GLOBAL PROPERTY WL_BOT_${name}_DIRS)
    get_property(sources GLOBAL PROPERTY WL_BOT_${name}_SOURCES)
    add_executable(bot_${name} ${dir}/main.cpp ${sources})
    set_target_properties(bot_${name} PROPERTIES OUTPUT_NAME ${name}
                          RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bots)
    target_link_libraries(bot_${name} PRIVATE sdk)
    target_include_directories(bot_${name} PRIVATE ${dirs})
  endforeach()
endfunction()

# The factory of one bot: <build>/bot_registry/NAME.cpp, compiled with the
# bot's own include folders. Sets OUT to its C identifier.
function(_wl_add_bot_factory name out)
  get_property(class GLOBAL PROPERTY WL_BOT_${name}_CLASS)
  get_property(header GLOBAL PROPERTY WL_BOT_${name}_HEADER)
  get_property(dirs GLOBAL PROPERTY WL_BOT_${name}_DIRS)
  get_property(sources GLOBAL PROPERTY WL_BOT_${name}_SOURCES)
  string(MAKE_C_IDENTIFIER "Make_${name}" id)
  set(why "bots/${name}: the arena plays ${class} in process")
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/bot_registry/${name}.cpp
       CONTENT "\
// Generated by cmake/WlBots.cmake from bots/${name}/${header}: how the arena
// makes the ${name} bot in process. Do not edit.
#include <cstdint>
#include <memory>
#include <type_traits>

#include \"${header}\"
#include \"wl/builtin_bots.h\"

static_assert(std::is_convertible_v<${class}*, wl::Bot*>,
              \"${why}, \"
              \"so it must derive publicly from wl::Bot\");
static_assert(std::is_constructible_v<${class}, uint64_t> ||
                  std::is_default_constructible_v<${class}>,
              \"${why}, \"
              \"so it needs a constructor from a uint64_t seed or a default \"
              \"constructor (README, 'Write your bot')\");

namespace wl::tools::registry {
std::unique_ptr<Bot> ${id}(uint64_t seed) {
  return MakeSeededBot<${class}>(seed);
}
}  // namespace wl::tools::registry
" @ONLY)
  add_library(wl_bot_factory_${name} OBJECT
              ${CMAKE_BINARY_DIR}/bot_registry/${name}.cpp ${sources})
  target_include_directories(wl_bot_factory_${name} PRIVATE ${dirs}
                             ${CMAKE_SOURCE_DIR}/tools)
  target_link_libraries(wl_bot_factory_${name} PRIVATE sdk)
  set(${out} ${id} PARENT_SCOPE)
endfunction()

# The static library TARGET: every bot's factory, and the table of them
# (wl::tools::RegisteredBots, sorted by name). Adding a bot folder compiles
# its factory and this small table, nothing else.
function(wl_add_bot_registry target)
  get_property(names GLOBAL PROPERTY WL_BOTS)
  list(SORT names)
  set(declarations "")
  set(rows "")
  set(objects "")
  set(ids "")
  foreach(name ${names})
    get_property(class GLOBAL PROPERTY WL_BOT_${name}_CLASS)
    string(MAKE_C_IDENTIFIER "Make_${name}" id)
    if(class AND id IN_LIST ids)
      message(STATUS "bots/${name}: its name reads like another bot's in C++ "
                     "(${id}); it plays as a process only")
    elseif(class)
      list(APPEND ids ${id})
      _wl_add_bot_factory(${name} id)
      string(APPEND declarations "std::unique_ptr<Bot> ${id}(uint64_t seed);\n")
      string(APPEND rows "      {\"${name}\", \"${class}\", &registry::${id}},\n")
      list(APPEND objects $<TARGET_OBJECTS:wl_bot_factory_${name}>)
    endif()
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/bot_registry/table.cpp
       CONTENT "\
// Generated by cmake/WlBots.cmake from bots/*/: the bots the arena plays
// in process. Do not edit.
#include \"wl/builtin_bots.h\"

namespace wl::tools {
namespace registry {
${declarations}}  // namespace registry

const std::vector<RegisteredBot>& RegisteredBots() {
  static const std::vector<RegisteredBot> kBots = {
${rows}  };
  return kBots;
}

}  // namespace wl::tools
" @ONLY)
  add_library(${target} STATIC ${CMAKE_BINARY_DIR}/bot_registry/table.cpp
              ${objects})
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR}/tools)
  target_link_libraries(${target} PUBLIC sdk)
endfunction()
