# WlBots.cmake: a game's bots (bots/*/ for Warlight 2), found at configure
# time, each built with only the folders it includes, and the registry that
# lets the arena play every one of them in process.
#
#   include(cmake/WlBots.cmake)
#   wl_find_bots(${CMAKE_SOURCE_DIR}/bots)   # top level, before add_subdirectory
#   wl_add_bot_executables()                 # bots/CMakeLists.txt
#   wl_add_bot_registry(wl_bot_registry)     # tools/CMakeLists.txt
#   wl_add_bot_programs(${CMAKE_SOURCE_DIR}/tests/bots test files ...)
#                                            # each fork's own test, bench
#
# The convention (README, "Write your bot"): a bot is a folder bots/NAME/
# with a main.cpp. The one class of its headers declared at global scope as
#   class MyBot : public wl::Bot {
# is the bot the arena makes in process, as MyBot(seed) when it has a
# constructor from a uint64_t seed, else as MyBot() (tools/common/
# bot_registry.h, MakeSeeded; static_asserts check both at build time).
# A folder whose class is not found plays as a process only (a STATUS line
# says so). Two folders with the same bot class or the same include guard
# stop the configure: one program (the arena, wl_tests, wl_bench) would
# silently keep one of the two definitions.
#
# Each bot folder's files are configure dependencies: editing one re-runs
# the (quick) configure, so that a renamed class or a new include is seen.
#
# Another game reuses all three with its own key, bot base class, sdk and
# registry header (the defaults are Warlight 2's), e.g.
#   wl_find_bots(${CMAKE_SOURCE_DIR}/bots/berlin GAME berlin
#                BASE berlin::Bot SDK_DIR ${CMAKE_SOURCE_DIR}/sdk/berlin
#                SDK_TARGET berlin_sdk)
#   wl_add_bot_executables(GAME berlin)    # <build>/bots/berlin/NAME
#   wl_add_bot_registry(berlin_bot_registry GAME berlin
#                       HEADER berlin/builtin_bots.h NAMESPACE berlin::tools)
# where the header declares the table function (TABLE, default
# RegisteredBots) returning const std::vector<BotEntry<BASE>>&.
#
# Results, as global properties, with P = WL for Warlight 2 (no GAME) and
# WL_<GAME> otherwise: P_BOTS (the names), P_BASE, P_SDK_DIR, P_SDK_TARGET,
# and per NAME: P_BOT_<NAME>_DIR, _DIRS (its include folders), _CLASS,
# _HEADER (empty when it plays as a process only) and _SOURCES (its .cpp
# files but main.cpp).

set(_wl_ws "[ \t\r\n]")
set(_wl_id "[A-Za-z_][A-Za-z0-9_]*")

# The regular expression of a C++ qualified class name (wl::Bot), spaces
# allowed around each "::", with an optional leading "::".
function(_wl_qualified_regex name out)
  string(REPLACE "::" "${_wl_ws}*::${_wl_ws}*" regex "${name}")
  set(${out} "(::)?${regex}" PARENT_SCOPE)
endfunction()

# The classes declared in FILE as deriving from the base class _wl_base_re
# (set by wl_find_bots: wl::Bot), their names, and FILE's include guard.
function(_wl_scan_header file out_classes out_guard)
  file(READ ${file} text)
  string(REGEX REPLACE "//[^\n]*" "" text "${text}")
  set(ws "${_wl_ws}")
  string(REGEX MATCHALL
         "(class|struct)${ws}+${_wl_id}${ws}*(final${ws}*)?:${ws}*(public${ws}+)?${_wl_base_re}${ws}*[{,]"
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
# the sdk (_wl_sdk_dir, set by wl_find_bots), or exactly one other bot
# folder ("" when nowhere: the compiler will say so).
function(_wl_resolve_include from name folders out)
  set(${out} "" PARENT_SCOPE)
  if(EXISTS ${from}/${name} OR EXISTS ${_wl_sdk_dir}/${name})
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
  file(RELATIVE_PATH label ${CMAKE_SOURCE_DIR} ${dir})
  if(NOT count EQUAL 1)
    message(STATUS "${label}: ${count} classes declared as "
                   "\"class X : public ${_wl_base}\" in its headers (one is "
                   "needed); it plays as a process only")
  elseif(NOT name MATCHES "^[A-Za-z0-9_.-]+$")
    message(STATUS "${label}: the folder name is not a plain word; it "
                   "plays as a process only")
  else()
    set(${out_class} ${found} PARENT_SCOPE)
    get_filename_component(file ${found_headers} NAME)
    set(${out_header} ${file} PARENT_SCOPE)
  endif()
endfunction()

# The prefix of a game's global properties: WL for Warlight 2 (no GAME),
# WL_<GAME> otherwise.
function(_wl_prefix game out)
  if(game)
    set(${out} WL_${game} PARENT_SCOPE)
  else()
    set(${out} WL PARENT_SCOPE)
  endif()
endfunction()

# Finds the bots of BOTS_DIR (see the top of this file):
#   wl_find_bots(BOTS_DIR [GAME key] [BASE class] [SDK_DIR dir]
#                [SDK_TARGET target])
# BASE (default wl::Bot) is the class a bot derives from, SDK_DIR (default
# sdk/wl) where the bots' other includes are, SDK_TARGET (default sdk) the
# library each bot links.
function(wl_find_bots bots_dir)
  cmake_parse_arguments(ARG "" "GAME;BASE;SDK_DIR;SDK_TARGET" "" ${ARGN})
  if(NOT ARG_BASE)
    set(ARG_BASE wl::Bot)
  endif()
  if(NOT ARG_SDK_DIR)
    set(ARG_SDK_DIR ${CMAKE_SOURCE_DIR}/sdk/wl)
  endif()
  if(NOT ARG_SDK_TARGET)
    set(ARG_SDK_TARGET sdk)
  endif()
  string(REGEX REPLACE "^::" "" _wl_base "${ARG_BASE}")
  _wl_qualified_regex(${_wl_base} _wl_base_re)
  set(_wl_sdk_dir ${ARG_SDK_DIR})
  _wl_prefix("${ARG_GAME}" p)
  set_property(GLOBAL PROPERTY ${p}_BASE ${_wl_base})
  set_property(GLOBAL PROPERTY ${p}_SDK_DIR ${ARG_SDK_DIR})
  set_property(GLOBAL PROPERTY ${p}_SDK_TARGET ${ARG_SDK_TARGET})
  _wl_find_bot_folders(${bots_dir} ${p})
endfunction()

# The body of wl_find_bots: scans the folders of BOTS_DIR and sets the
# properties P_BOTS and P_BOT_<NAME>_*.
function(_wl_find_bot_folders bots_dir p)
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
    set_property(GLOBAL PROPERTY ${p}_BOT_${name}_DIR ${dir})
    set_property(GLOBAL PROPERTY ${p}_BOT_${name}_DIRS ${dirs})
    set_property(GLOBAL PROPERTY ${p}_BOT_${name}_CLASS ${class})
    set_property(GLOBAL PROPERTY ${p}_BOT_${name}_HEADER ${header})
    set_property(GLOBAL PROPERTY ${p}_BOT_${name}_SOURCES ${sources})
  endforeach()
  set_property(GLOBAL PROPERTY ${p}_BOTS ${names})
endfunction()

# One executable per bot, bot_NAME, built as <build>/bots/NAME (with GAME:
# bot_GAME_NAME, built as <build>/bots/GAME/NAME). It links the sdk alone,
# so that its upload zip compiles with plain g++.
#   wl_add_bot_executables([GAME key])
function(wl_add_bot_executables)
  cmake_parse_arguments(ARG "" "GAME" "" ${ARGN})
  _wl_prefix("${ARG_GAME}" p)
  set(out_dir ${CMAKE_BINARY_DIR}/bots)
  set(target_prefix bot_)
  if(ARG_GAME)
    set(out_dir ${out_dir}/${ARG_GAME})
    set(target_prefix bot_${ARG_GAME}_)
  endif()
  get_property(names GLOBAL PROPERTY ${p}_BOTS)
  get_property(sdk_target GLOBAL PROPERTY ${p}_SDK_TARGET)
  foreach(name ${names})
    get_property(dir GLOBAL PROPERTY ${p}_BOT_${name}_DIR)
    get_property(dirs GLOBAL PROPERTY ${p}_BOT_${name}_DIRS)
    get_property(sources GLOBAL PROPERTY ${p}_BOT_${name}_SOURCES)
    set(target ${target_prefix}${name})
    add_executable(${target} ${dir}/main.cpp ${sources})
    set_target_properties(${target} PROPERTIES OUTPUT_NAME ${name}
                          RUNTIME_OUTPUT_DIRECTORY ${out_dir})
    target_link_libraries(${target} PRIVATE ${sdk_target})
    target_include_directories(${target} PRIVATE ${dirs})
  endforeach()
endfunction()

# The factory of one bot: <out_dir>/NAME.cpp, compiled with the bot's own
# include folders into the object library wl_bot_factory_[GAME_]NAME. Uses
# p, out_dir, game_prefix, registry_header, namespace and base of
# wl_add_bot_registry. Sets OUT to its C identifier.
function(_wl_add_bot_factory name out)
  get_property(class GLOBAL PROPERTY ${p}_BOT_${name}_CLASS)
  get_property(header GLOBAL PROPERTY ${p}_BOT_${name}_HEADER)
  get_property(dir GLOBAL PROPERTY ${p}_BOT_${name}_DIR)
  get_property(dirs GLOBAL PROPERTY ${p}_BOT_${name}_DIRS)
  get_property(sources GLOBAL PROPERTY ${p}_BOT_${name}_SOURCES)
  get_property(sdk_target GLOBAL PROPERTY ${p}_SDK_TARGET)
  file(RELATIVE_PATH label ${CMAKE_SOURCE_DIR} ${dir})
  # The game's prefix keeps two games' bots of one name apart: their
  # factories differ only in the return type, which C++ names do not hold.
  string(MAKE_C_IDENTIFIER "Make_${game_prefix}${name}" id)
  set(why "${label}: the arena plays ${class} in process")
  file(CONFIGURE OUTPUT ${out_dir}/${name}.cpp
       CONTENT "\
// Generated by cmake/WlBots.cmake from ${label}/${header}: how the arena
// makes the ${name} bot in process. Do not edit.
#include <cstdint>
#include <memory>
#include <type_traits>

#include \"${header}\"
#include \"${registry_header}\"

static_assert(std::is_convertible_v<${class}*, ::${base}*>,
              \"${why}, \"
              \"so it must derive publicly from ${base}\");
static_assert(std::is_constructible_v<${class}, uint64_t> ||
                  std::is_default_constructible_v<${class}>,
              \"${why}, \"
              \"so it needs a constructor from a uint64_t seed or a default \"
              \"constructor (README, 'Write your bot')\");

namespace ${namespace}::registry {
std::unique_ptr<::${base}> ${id}(uint64_t seed) {
  return ::wl::MakeSeeded<::${base}, ${class}>(seed);
}
}  // namespace ${namespace}::registry
" @ONLY)
  set(target wl_bot_factory_${game_prefix}${name})
  add_library(${target} OBJECT ${out_dir}/${name}.cpp ${sources})
  target_include_directories(${target} PRIVATE ${dirs}
                             ${CMAKE_SOURCE_DIR}/tools)
  target_link_libraries(${target} PRIVATE ${sdk_target})
  set(${out} ${id} PARENT_SCOPE)
endfunction()

# The static library TARGET: every bot's factory, and the table of them
# (wl::tools::RegisteredBots, sorted by name). Adding a bot folder compiles
# its factory and this small table, nothing else.
#   wl_add_bot_registry(TARGET [GAME key] [HEADER h] [NAMESPACE ns]
#                       [TABLE function])
# HEADER (default wl/builtin_bots.h, under tools/) declares the table
# function TABLE (default RegisteredBots) of namespace NAMESPACE (default
# wl::tools), returning const std::vector<wl::tools::BotEntry<BASE>>&.
function(wl_add_bot_registry target)
  cmake_parse_arguments(ARG "" "GAME;HEADER;NAMESPACE;TABLE" "" ${ARGN})
  set(registry_header wl/builtin_bots.h)
  set(namespace wl::tools)
  set(table RegisteredBots)
  if(ARG_HEADER)
    set(registry_header ${ARG_HEADER})
  endif()
  if(ARG_NAMESPACE)
    set(namespace ${ARG_NAMESPACE})
  endif()
  if(ARG_TABLE)
    set(table ${ARG_TABLE})
  endif()
  _wl_prefix("${ARG_GAME}" p)
  set(out_dir ${CMAKE_BINARY_DIR}/bot_registry)
  set(game_prefix "")
  if(ARG_GAME)
    set(out_dir ${out_dir}/${ARG_GAME})
    set(game_prefix ${ARG_GAME}_)
  endif()
  get_property(base GLOBAL PROPERTY ${p}_BASE)
  get_property(sdk_target GLOBAL PROPERTY ${p}_SDK_TARGET)
  _wl_add_bot_factories(objects declarations rows)
  file(CONFIGURE OUTPUT ${out_dir}/table.cpp
       CONTENT "\
// Generated by cmake/WlBots.cmake from the bot folders: the bots the arena
// plays in process. Do not edit.
#include \"${registry_header}\"

namespace ${namespace} {
namespace registry {
${declarations}}  // namespace registry

const std::vector<::wl::tools::BotEntry<::${base}>>& ${table}() {
  static const std::vector<::wl::tools::BotEntry<::${base}>> kBots = {
${rows}  };
  return kBots;
}

}  // namespace ${namespace}
" @ONLY)
  add_library(${target} STATIC ${out_dir}/table.cpp ${objects})
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR}/tools)
  target_link_libraries(${target} PUBLIC ${sdk_target})
endfunction()

# Every bot's factory (wl_add_bot_registry's variables): sets OBJECTS to
# their objects, DECLARATIONS and ROWS to the table's C++ lines.
function(_wl_add_bot_factories out_objects out_declarations out_rows)
  get_property(names GLOBAL PROPERTY ${p}_BOTS)
  list(SORT names)
  set(declarations "")
  set(rows "")
  set(objects "")
  set(ids "")
  foreach(name ${names})
    get_property(class GLOBAL PROPERTY ${p}_BOT_${name}_CLASS)
    get_property(dir GLOBAL PROPERTY ${p}_BOT_${name}_DIR)
    file(RELATIVE_PATH label ${CMAKE_SOURCE_DIR} ${dir})
    string(MAKE_C_IDENTIFIER "Make_${game_prefix}${name}" id)
    if(class AND id IN_LIST ids)
      message(STATUS "${label}: its name reads like another bot's in C++ "
                     "(${id}); it plays as a process only")
    elseif(class)
      list(APPEND ids ${id})
      _wl_add_bot_factory(${name} id)
      string(APPEND declarations
             "std::unique_ptr<::${base}> ${id}(uint64_t seed);\n")
      string(APPEND rows "      {\"${name}\", \"${class}\", &registry::${id}},\n")
      list(APPEND objects
           $<TARGET_OBJECTS:wl_bot_factory_${game_prefix}${name}>)
    endif()
  endforeach()
  set(${out_objects} ${objects} PARENT_SCOPE)
  set(${out_declarations} "${declarations}" PARENT_SCOPE)
  set(${out_rows} "${rows}" PARENT_SCOPE)
endfunction()

# Each bot's own test or benchmark, the files scripts/new_bot.sh makes for
# a fork: DIR/NAME_bot_KIND.cpp (KIND: test or bench), for a bot folder
# NAME, becomes the executable bot_[GAME_]NAME_KIND in the current build
# folder, compiled with the bot's include folders and the source root, and
# linking the bot's sdk and LIBS alone, so that a fork and its test build in
# a minute without the rest of the suite. Sets OUT to the files found, for
# the suite's binary to leave out, and OUT_targets to their targets.
#   wl_add_bot_programs(DIR KIND OUT [GAME key] [LIBS lib...])
function(wl_add_bot_programs dir kind out)
  cmake_parse_arguments(ARG "" "GAME" "LIBS" ${ARGN})
  _wl_prefix("${ARG_GAME}" p)
  set(target_prefix bot_)
  if(ARG_GAME)
    set(target_prefix bot_${ARG_GAME}_)
  endif()
  get_property(names GLOBAL PROPERTY ${p}_BOTS)
  get_property(sdk_target GLOBAL PROPERTY ${p}_SDK_TARGET)
  set(files "")
  set(targets "")
  foreach(name ${names})
    set(file ${dir}/${name}_bot_${kind}.cpp)
    if(EXISTS ${file})
      list(APPEND files ${file})
      list(APPEND targets ${target_prefix}${name}_${kind})
      get_property(dirs GLOBAL PROPERTY ${p}_BOT_${name}_DIRS)
      get_property(sources GLOBAL PROPERTY ${p}_BOT_${name}_SOURCES)
      set(target ${target_prefix}${name}_${kind})
      add_executable(${target} ${file} ${sources})
      set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                            ${CMAKE_CURRENT_BINARY_DIR})
      target_include_directories(${target} PRIVATE ${dirs} ${CMAKE_SOURCE_DIR})
      target_link_libraries(${target} PRIVATE ${sdk_target} ${ARG_LIBS})
      target_compile_definitions(${target} PRIVATE
                                 WL_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
    endif()
  endforeach()
  set(${out} ${files} PARENT_SCOPE)
  set(${out}_targets ${targets} PARENT_SCOPE)
endfunction()
