// client_plain.cpp: client_channel.h's templates over a plain TCP stream.
#include "sdk/colorfight/client_channel.h"

namespace wl::colorfight::client_channel {

std::unique_ptr<Channel> MakePlainChannel(asio::io_context& ioc,
                                          ssl::context& tls) {
  return std::make_unique<Socket<PlainStream>>(ioc, tls);
}

ClientError FetchPlainText(asio::io_context& ioc, const ServerUrl& url,
                           const std::string& target,
                           Clock::time_point deadline, std::string* body) {
  PlainStream stream(ioc);
  return FetchText(ioc, stream, url, target, deadline, body);
}

}  // namespace wl::colorfight::client_channel
