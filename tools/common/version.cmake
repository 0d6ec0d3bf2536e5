# version.cmake: what `warlight --version` prints, the project version (the
# top-level project() line) and the git commit the tool was built from.
#
# Included by the top-level CMakeLists.txt after tools/ (it needs the
# `warlight` target): adds a target that, at every build, writes
# <build>/generated/wl_version.h from tools/common/version.h.in, touching it
# only when the commit changed, so only tools/main.cpp recompiles then.
# Without git, or outside a checkout, the commit reads "unknown".
#
# Run as a script (cmake -P) by that target, with -DWL_SOURCE_DIR,
# -DWL_VERSION and -DWL_OUT.
if(CMAKE_SCRIPT_MODE_FILE)
  set(WL_GIT_COMMIT "unknown (not built from a git checkout)")
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(
      COMMAND ${GIT_EXECUTABLE} -C ${WL_SOURCE_DIR} rev-parse --short=12 HEAD
      OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
      RESULT_VARIABLE failed ERROR_QUIET)
    if(NOT failed AND commit)
      set(WL_GIT_COMMIT ${commit})
      execute_process(
        COMMAND ${GIT_EXECUTABLE} -C ${WL_SOURCE_DIR} status --porcelain
                --untracked-files=no
        OUTPUT_VARIABLE changes RESULT_VARIABLE failed ERROR_QUIET)
      if(NOT failed AND changes)
        string(APPEND WL_GIT_COMMIT ", with uncommitted changes")
      endif()
    endif()
  endif()
  configure_file(${CMAKE_CURRENT_LIST_DIR}/version.h.in ${WL_OUT}.tmp @ONLY)
  execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${WL_OUT}.tmp
                          ${WL_OUT})
  file(REMOVE ${WL_OUT}.tmp)
  return()
endif()

set(wl_version_header ${CMAKE_BINARY_DIR}/generated/wl_version.h)
add_custom_target(
  wl_version
  COMMAND ${CMAKE_COMMAND} -DWL_SOURCE_DIR=${CMAKE_SOURCE_DIR}
          -DWL_VERSION=${PROJECT_VERSION} -DWL_OUT=${wl_version_header} -P
          ${CMAKE_CURRENT_LIST_FILE}
  BYPRODUCTS ${wl_version_header}
  COMMENT "warlight --version: the git commit"
  VERBATIM)
add_dependencies(warlight wl_version)
target_include_directories(warlight PRIVATE ${CMAKE_BINARY_DIR}/generated)
