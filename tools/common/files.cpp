#include "common/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

#include "absl/strings/str_cat.h"

namespace wl::tools {

absl::Status WriteFileAtomically(const std::string& path,
                                 const std::string& content) {
  std::string temp = path + ".tmp." + std::to_string(::getpid());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return absl::UnavailableError("cannot write " + temp + ": " +
                                  std::strerror(errno));
  }
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string why = std::strerror(errno);
      ::close(fd);
      ::unlink(temp.c_str());
      return absl::UnavailableError("cannot write " + temp + ": " + why);
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    std::string why = std::strerror(errno);
    ::unlink(temp.c_str());
    return absl::UnavailableError("cannot write " + temp + ": " + why);
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    ::unlink(temp.c_str());
    return absl::UnavailableError("cannot rename " + temp + " to " + path +
                                  ": " + why);
  }
  return absl::OkStatus();
}

namespace {

// An open file descriptor, closed when it goes.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

absl::Status TooLarge(const std::string& path, uintmax_t size,
                      size_t max_bytes) {
  return absl::InvalidArgumentError(absl::StrCat(
      path, " holds ", size, " bytes, more than the ", max_bytes, " allowed"));
}

// `path` opened for reading when it is a regular file of at most max_bytes
// (O_NONBLOCK: opening a FIFO must not wait for a writer).
absl::StatusOr<int> OpenRegular(const std::string& path, size_t max_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return absl::NotFoundError("cannot read " + path);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return absl::InvalidArgumentError(path + " is not a regular file");
  }
  if (static_cast<uintmax_t>(st.st_size) > max_bytes) {
    ::close(fd);
    return TooLarge(path, static_cast<uintmax_t>(st.st_size), max_bytes);
  }
  return fd;
}

// Inflates `path` onto `out` chunk by chunk; fails once more than
// max_bytes come out.
absl::Status InflateGzip(const std::string& path, size_t max_bytes,
                         std::string* out) {
  absl::StatusOr<int> fd = OpenRegular(path, max_bytes);
  if (!fd.ok()) return fd.status();
  gzFile f = gzdopen(*fd, "rb");  // closes fd with gzclose
  if (!f) {
    ::close(*fd);
    return absl::NotFoundError("cannot read " + path);
  }
  std::vector<char> buffer(1 << 16);
  int n;
  while ((n = gzread(f, buffer.data(), static_cast<unsigned>(buffer.size()))) >
         0) {
    if (out->size() + static_cast<size_t>(n) > max_bytes) {
      gzclose(f);
      return absl::DataLossError(absl::StrCat(
          path, " inflates to more than ", max_bytes,
          " bytes, the most a recording may hold (a corrupt file or a gzip "
          "bomb?)"));
    }
    out->append(buffer.data(), static_cast<size_t>(n));
  }
  const bool failed = n < 0;
  gzclose(f);
  if (failed) return absl::DataLossError(path + " is not valid gzip");
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             size_t max_bytes) {
  absl::StatusOr<int> opened = OpenRegular(path, max_bytes);
  if (!opened.ok()) return opened.status();
  const Fd fd(*opened);
  std::string out;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::NotFoundError("cannot read " + path);
    if (n == 0) return out;
    if (out.size() + static_cast<size_t>(n) > max_bytes) {  // it grew
      return TooLarge(path, out.size() + static_cast<size_t>(n), max_bytes);
    }
    out.append(buffer, static_cast<size_t>(n));
  }
}

absl::StatusOr<std::string> ReadGzipFile(const std::string& path,
                                         size_t max_bytes) {
  std::string out;
  if (absl::Status s = InflateGzip(path, max_bytes, &out); !s.ok()) return s;
  return out;
}

absl::StatusOr<std::string> MakeNewFolder(const std::string& dir) {
  std::filesystem::path path = std::filesystem::path(dir).lexically_normal();
  if (path.filename().empty()) path = path.parent_path();  // "games/x/"
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
  }
  constexpr int kMaxSuffix = 100000;
  for (int suffix = 1; suffix <= kMaxSuffix; ++suffix) {
    const std::string name = suffix == 1
                                 ? path.string()
                                 : path.string() + "-" + std::to_string(suffix);
    if (::mkdir(name.c_str(), 0777) == 0) return name;
    if (errno != EEXIST) {
      return absl::UnavailableError("cannot create " + name + ": " +
                                    std::strerror(errno));
    }
  }
  return absl::UnavailableError("cannot create " + path.string() +
                                ": every name up to -" +
                                std::to_string(kMaxSuffix) + " is taken");
}

std::string UnfinishedFolderOf(const std::string& dir) {
  std::filesystem::path path = std::filesystem::path(dir).lexically_normal();
  if (path.filename().empty()) path = path.parent_path();  // "games/x/"
  return (path.parent_path() / (".tmp-" + path.filename().string())).string();
}

absl::Status FinishFolder(const std::string& temp, const std::string& dir) {
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  std::filesystem::rename(temp, dir, ec);
  if (ec) {
    return absl::UnavailableError("cannot rename " + temp + " to " + dir +
                                  ": " + ec.message());
  }
  return absl::OkStatus();
}

absl::Status WriteFolderWhole(
    const std::string& dir,
    const std::function<absl::Status(const std::string& temp)>& write) {
  const std::string temp = UnfinishedFolderOf(dir);
  std::error_code ec;
  std::filesystem::remove_all(temp, ec);
  std::filesystem::create_directories(temp, ec);
  if (ec || !std::filesystem::is_directory(temp, ec)) {
    return absl::UnavailableError("cannot create " + temp + ": " +
                                  ec.message());
  }
  absl::Status written = write(temp);
  if (written.ok()) written = FinishFolder(temp, dir);
  if (!written.ok()) std::filesystem::remove_all(temp, ec);
  return written;
}

std::vector<std::string> RemoveUnfinishedFolders(const std::string& parent) {
  std::vector<std::string> removed;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(parent, ec), end;
       !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(".tmp-", 0) != 0 || !it->is_directory(ec)) continue;
    removed.push_back(it->path().string());
  }
  std::sort(removed.begin(), removed.end());
  for (const std::string& path : removed) {
    std::filesystem::remove_all(path, ec);
    const std::filesystem::path temp(path);
    const std::filesystem::path target =
        temp.parent_path() / temp.filename().string().substr(5);  // ".tmp-"
    if (std::filesystem::is_directory(target, ec) &&
        std::filesystem::is_empty(target, ec)) {
      std::filesystem::remove(target, ec);
    }
  }
  return removed;
}

}  // namespace wl::tools
