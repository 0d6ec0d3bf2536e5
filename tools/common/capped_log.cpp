#include "common/capped_log.h"

#include <iostream>

namespace wl::tools {
namespace {

// The calling thread's capture: nullptr outside a CaptureOutput scope.
thread_local std::streambuf* capture = nullptr;

}  // namespace

CaptureOutput::CaptureOutput(std::streambuf* log) : before_(capture) {
  if (log) capture = log;
}

CaptureOutput::~CaptureOutput() { capture = before_; }

std::streambuf* StandardOutputRouter::Router::Target() const {
  return capture ? capture : elsewhere;
}

int StandardOutputRouter::Router::overflow(int c) {
  if (c == traits_type::eof()) return traits_type::not_eof(c);
  return Target()->sputc(static_cast<char>(c));
}

std::streamsize StandardOutputRouter::Router::xsputn(const char* s,
                                                     std::streamsize n) {
  return Target()->sputn(s, n);
}

int StandardOutputRouter::Router::sync() { return Target()->pubsync(); }

StandardOutputRouter::StandardOutputRouter(std::streambuf* cout_elsewhere)
    : out_(cout_elsewhere),
      err_(std::cerr.rdbuf()),
      cout_before_(std::cout.rdbuf(&out_)),
      cerr_before_(std::cerr.rdbuf(&err_)) {}

StandardOutputRouter::~StandardOutputRouter() {
  std::cout.rdbuf(cout_before_);
  std::cerr.rdbuf(cerr_before_);
}

}  // namespace wl::tools
