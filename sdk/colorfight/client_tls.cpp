// client_tls.cpp: client_channel.h's templates over TLS (wss://, https://).
#include "sdk/colorfight/client_channel.h"

namespace wl::colorfight::client_channel {

std::unique_ptr<Channel> MakeTlsChannel(asio::io_context& ioc,
                                        ssl::context& tls) {
  return std::make_unique<Socket<TlsStream>>(ioc, tls);
}

ClientError FetchTlsText(asio::io_context& ioc, ssl::context& tls,
                         const ServerUrl& url, const std::string& target,
                         Clock::time_point deadline, std::string* body) {
  TlsStream stream(ioc, tls);
  return FetchText(ioc, stream, url, target, deadline, body);
}

}  // namespace wl::colorfight::client_channel
