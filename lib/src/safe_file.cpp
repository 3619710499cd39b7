// The one file layer (io/safe_file.hpp): exclusive unique temporary files, atomic replacement,
// readers that refuse anything but a regular file and stop at a size limit.

#include "lilucb/io/safe_file.hpp"

#include "lilucb/errors.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <random>

namespace fs = std::filesystem;

namespace lilucb::io {

namespace {

[[noreturn]] void fail(std::string_view function, const fs::path& path, const std::string& reason) {
  throw io_error(std::string(function), path.string(), reason);
}

std::string error_text(int err) { return std::strerror(err); }

file_kind kind_of_mode(mode_t mode) {
  if (S_ISREG(mode)) return file_kind::regular;
  if (S_ISDIR(mode)) return file_kind::folder;
  if (S_ISLNK(mode)) return file_kind::symlink;
  if (S_ISFIFO(mode)) return file_kind::fifo;
  if (S_ISCHR(mode)) return file_kind::character_device;
  if (S_ISBLK(mode)) return file_kind::block_device;
  if (S_ISSOCK(mode)) return file_kind::socket;
  return file_kind::other;
}

/// "256 MiB", "4 KiB" or "1000 bytes": a limit as a reader of the message would write it.
std::string limit_text(std::size_t bytes) {
  constexpr std::size_t kib = 1024, mib = kib * 1024, gib = mib * 1024;
  if (bytes >= gib && bytes % gib == 0) return std::to_string(bytes / gib) + " GiB";
  if (bytes >= mib && bytes % mib == 0) return std::to_string(bytes / mib) + " MiB";
  if (bytes >= kib && bytes % kib == 0) return std::to_string(bytes / kib) + " KiB";
  return std::to_string(bytes) + " bytes";
}

/// The folder that holds `file` ("." for a bare name).
fs::path folder_of(const fs::path& file) { return file.has_parent_path() ? file.parent_path() : fs::path("."); }

// Fault injection for the crash-consistency tests (tests/cli/test_cli_experiment.cpp) and nothing
// else: LILUCB_TEST_FAULT=<file name>:<stage>:<k>:<kill|stop> sends this process SIGKILL (or
// SIGSTOP, to hold a lock while a second process tries it) the k-th time write_file_atomically
// reaches <stage> for a target of that file name.  Stages: created (the temporary file exists,
// empty), written (written and fsync'ed, not yet renamed), renamed (renamed, the folder not yet
// fsync'ed); and for append_to_file: appending (cut to its
// reader's length, nothing written yet), appended (written and fsync'ed).  Unset (always, outside those tests): one getenv, then nothing.
void fault_point(const fs::path& path, const char* stage) {
  static const std::string spec = [] {
    const char* e = std::getenv("LILUCB_TEST_FAULT");
    return std::string(e ? e : "");
  }();
  if (spec.empty()) return;
  static std::mutex m;
  static std::map<std::string, std::uint64_t> seen;
  const std::string key = path.filename().string() + ":" + stage;
  std::lock_guard<std::mutex> l(m);
  const std::uint64_t k = ++seen[key];
  const std::string action = spec.substr(spec.rfind(':') + 1);
  if (spec == key + ":" + std::to_string(k) + ":" + action) ::raise(action == "stop" ? SIGSTOP : SIGKILL);
}

/// Six characters of [0-9A-Za-z], different on every call of the process (a counter mixed with
/// a per-process random seed and the process id); O_EXCL settles any collision.
std::string unique_suffix() {
  static const std::uint64_t seed = [] {
    std::random_device rd;
    return (std::uint64_t{rd()} << 32) ^ rd();
  }();
  static std::atomic<std::uint64_t> counter{0};
  std::uint64_t x = seed ^ (static_cast<std::uint64_t>(::getpid()) << 40) ^ counter.fetch_add(1);
  x += 0x9e3779b97f4a7c15ULL;  // splitmix64's finaliser
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  x ^= x >> 31;
  static constexpr char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::string s(6, '0');
  for (char& c : s) {
    c = digits[x % 62];
    x /= 62;
  }
  return s;
}

/// What write_file_atomically replaces: the file, whether it exists, and its permission bits.
struct write_target {
  fs::path file;
  bool exists = false;
  mode_t mode = 0644;
};

/// The refusal of a non-regular target, or of a regular one with several names.
void check_replaceable(const struct stat& st, const fs::path& path, const fs::path& target, std::string_view function) {
  const std::string through = target == path ? std::string() : " (the end of the symlink, " + target.string() + ")";
  const file_kind kind = kind_of_mode(st.st_mode);
  if (kind == file_kind::folder) fail(function, path, "is a folder" + through + ", not a file");
  if (kind != file_kind::regular)
    fail(function, path, std::string("is ") + describe(kind) + through + "; only a regular file is replaced");
  if (st.st_nlink > 1)
    fail(function, path,
         "refused: it has " + std::to_string(st.st_nlink) + " hard links" + through +
             "; replacing it would detach the other names");
}

write_target examine_target(const fs::path& path, std::string_view function) {
  const std::string name = path.filename().string();
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    const int err = errno;
    if (err != ENOENT) fail(function, path, "cannot be examined (" + error_text(err) + ")");
    if (name.empty() || name == "." || name == "..") fail(function, path, "names a folder, not a file");
    const fs::path folder = folder_of(path);
    struct stat fst {};
    if (::stat(folder.c_str(), &fst) != 0) fail(function, path, "is in a folder " + folder.string() + " that cannot be examined (" + error_text(errno) + ")");
    if (!S_ISDIR(fst.st_mode)) fail(function, path, "is in " + folder.string() + ", which is not a folder");
    return {path, false, 0644};
  }
  fs::path target = path;
  if (S_ISLNK(st.st_mode)) {
    char* resolved = ::realpath(path.c_str(), nullptr);
    if (resolved == nullptr) {
      const int err = errno;
      if (err == ENOENT) {
        std::error_code ec;
        const auto to = fs::read_symlink(path, ec);
        fail(function, path,
             "is a symlink to a missing file (" + (ec ? std::string("?") : to.string()) +
                 "); refused: only an existing file is replaced through a symlink");
      }
      fail(function, path, "is a symlink that cannot be followed (" + error_text(err) + ")");
    }
    target = resolved;
    std::free(resolved);
    if (::lstat(target.c_str(), &st) != 0) fail(function, path, "its symlink's end " + target.string() + ": " + error_text(errno));
  }
  check_replaceable(st, path, target, function);
  return {target, true, static_cast<mode_t>(st.st_mode & 0777)};
}

/// Writes all of `text` to `fd`, retrying after EINTR and short writes; false with errno set on failure.
bool write_all(int fd, std::string_view text) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t w = ::write(fd, p, left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (w == 0) errno = EIO;
      return false;
    }
    p += w;
    left -= static_cast<std::size_t>(w);
  }
  return true;
}

/// Closes a descriptor when it goes out of scope.
struct descriptor {
  int fd;
  explicit descriptor(int f) : fd(f) {}
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  ~descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

/// Reads `fd` to its end into a string, refusing more than `max_bytes` (checked after at most
/// max_bytes + 1 bytes read).  `path` and `too_large` word the messages; `fd` stays open.
std::string read_limited(int fd, std::size_t max_bytes, std::size_t expected, std::string_view function,
                         const fs::path& path, const char* too_large) {
  std::string out;
  out.reserve(std::min(expected, max_bytes) + 1);
  char buf[1 << 16];
  for (;;) {
    const std::size_t remaining = max_bytes - out.size();
    const std::size_t want = std::min(sizeof buf, remaining == SIZE_MAX ? remaining : remaining + 1);
    const ssize_t n = ::read(fd, buf, want);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {  // a non-blocking descriptor: wait for data
      pollfd p{fd, POLLIN, 0};
      ::poll(&p, 1, -1);
      continue;
    }
    if (n < 0) fail(function, path, "read failed (" + error_text(errno) + ")");
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
    if (out.size() > max_bytes) fail(function, path, std::string(too_large) + " the limit of " + limit_text(max_bytes));
  }
  return out;
}

/// The regular file at `path`, opened for reading with O_NONBLOCK cleared and its stat in *st;
/// nullopt for ENOENT when `missing_is_nullopt`.
std::optional<int> open_regular(const fs::path& path, struct stat* st, std::string_view function, bool missing_is_nullopt) {
  // A first look before opening: a device is not even opened (opening some has effects).
  if (::stat(path.c_str(), st) == 0 && !S_ISREG(st->st_mode))
    fail(function, path, std::string("is ") + describe(kind_of_mode(st->st_mode)) + ", not a regular file");
  descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) {
    const int err = errno;
    if (err == ENOENT && missing_is_nullopt) return std::nullopt;
    fail(function, path, "cannot be opened (" + error_text(err) + ")");
  }
  if (::fstat(file.fd, st) != 0) fail(function, path, "cannot be examined (" + error_text(errno) + ")");
  if (!S_ISREG(st->st_mode))  // the descriptor's own kind: what the first look saw may have been swapped
    fail(function, path, std::string("is ") + describe(kind_of_mode(st->st_mode)) + ", not a regular file");
  const int flags = ::fcntl(file.fd, F_GETFL);
  if (flags < 0 || ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
    fail(function, path, "cannot be read (" + error_text(errno) + ")");
  const int fd = file.fd;
  file.fd = -1;
  return fd;
}

std::optional<std::string> read_regular(const fs::path& path, std::size_t max_bytes, std::string_view function,
                                        bool missing_is_nullopt) {
  struct stat st {};
  const auto fd = open_regular(path, &st, function, missing_is_nullopt);
  if (!fd) return std::nullopt;
  const descriptor file{*fd};
  const auto size = static_cast<std::uintmax_t>(st.st_size);
  if (size > max_bytes)
    fail(function, path, "is " + std::to_string(size) + " bytes, more than the limit of " + limit_text(max_bytes));
  return read_limited(file.fd, max_bytes, static_cast<std::size_t>(size), function, path, "grew past");
}

}  // namespace

const char* describe(file_kind kind) noexcept {
  switch (kind) {
    case file_kind::missing: return "missing";
    case file_kind::regular: return "a regular file";
    case file_kind::folder: return "a folder";
    case file_kind::symlink: return "a symlink";
    case file_kind::fifo: return "a FIFO (named pipe)";
    case file_kind::character_device: return "a character device";
    case file_kind::block_device: return "a block device";
    case file_kind::socket: return "a socket";
    case file_kind::other: break;
  }
  return "not a regular file";
}

file_kind kind_of(const fs::path& path, link_policy links, std::string_view function) {
  struct stat st {};
  const int r = links == link_policy::follow_links ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st);
  if (r != 0) {
    const int err = errno;
    if (err == ENOENT || err == ENOTDIR) return file_kind::missing;
    fail(function, path, "cannot be examined (" + error_text(err) + ")");
  }
  return kind_of_mode(st.st_mode);
}

fs::path resolve_write_target(const fs::path& path, std::string_view function) {
  return examine_target(path, function).file;
}

void write_file_atomically(const fs::path& path, std::string_view text, std::string_view function, file_mode mode) {
  const write_target target = examine_target(path, function);
  const fs::path folder = folder_of(target.file);
  std::string name = target.file.filename().string();
  if (name.size() > 200) name.resize(200);  // ".NAME.XXXXXX" within NAME_MAX (255)
  fs::path temp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = folder / ("." + name + "." + unique_suffix());
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0)
    fail(function, path, "a temporary file in " + folder.string() + " cannot be created (" + error_text(errno) + ")");
  auto give_up = [&](const char* what, int err) {
    if (fd >= 0) ::close(fd);
    ::unlink(temp.c_str());
    fail(function, path, std::string(what) + " (" + error_text(err) + ")");
  };
  fault_point(path, "created");
  if (target.exists && mode == file_mode::keep && ::fchmod(fd, target.mode) != 0) give_up("cannot keep the file's permissions", errno);
  if (!write_all(fd, text)) give_up("write failed", errno);
  if (::fsync(fd) != 0) give_up("fsync failed", errno);
  const int closed = ::close(fd);
  fd = -1;
  if (closed != 0) give_up("close failed", errno);
  fault_point(path, "written");
  if (::rename(temp.c_str(), target.file.c_str()) != 0) give_up("cannot be replaced", errno);
  fault_point(path, "renamed");
  const int dfd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);  // the rename reaches the disk; a folder that cannot be synced still holds the file
    ::close(dfd);
  }
}

std::string read_file(const fs::path& path, std::size_t max_bytes, std::string_view function) {
  return *read_regular(path, max_bytes, function, false);
}

std::optional<std::string> read_file_if_present(const fs::path& path, std::size_t max_bytes, std::string_view function) {
  return read_regular(path, max_bytes, function, true);
}

std::optional<std::string> read_file_if_readable(const fs::path& path, std::size_t max_bytes) noexcept {
  try {
    return read_regular(path, max_bytes, "lilucb::io::read_file_if_readable", true);
  } catch (...) {
    return std::nullopt;
  }
}

std::optional<std::string> read_file_from(const fs::path& path, std::uint64_t offset, std::size_t max_bytes,
                                          std::string_view function) {
  struct stat st {};
  const auto fd = open_regular(path, &st, function, true);
  if (!fd) return std::nullopt;
  const descriptor file{*fd};
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (offset >= size) return std::string();
  if (size - offset > max_bytes)
    fail(function, path, "has " + std::to_string(size - offset) + " bytes from byte " + std::to_string(offset) +
                             ", more than the limit of " + limit_text(max_bytes));
  if (::lseek(file.fd, static_cast<off_t>(offset), SEEK_SET) < 0) fail(function, path, "cannot be read (" + error_text(errno) + ")");
  return read_limited(file.fd, max_bytes, static_cast<std::size_t>(size - offset), function, path, "grew past");
}

std::uint64_t append_to_file(const fs::path& path, std::string_view text, std::uint64_t keep, std::string_view function) {
  const write_target target = examine_target(path, function);
  if (!target.exists) fail(function, path, "does not exist (only an existing file is appended to)");
  descriptor file{::open(target.file.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)};
  if (file.fd < 0) fail(function, path, "cannot be opened (" + error_text(errno) + ")");
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) fail(function, path, "cannot be examined (" + error_text(errno) + ")");
  check_replaceable(st, path, target.file, function);  // the opened file's own kind and links
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size < keep)
    fail(function, path, "is " + std::to_string(size) + " bytes, shorter than the " + std::to_string(keep) +
                             " its reader found (changed by another writer); nothing appended");
  if (size > keep && ::ftruncate(file.fd, static_cast<off_t>(keep)) != 0)
    fail(function, path, "cannot be cut to " + std::to_string(keep) + " bytes (" + error_text(errno) + ")");
  if (::lseek(file.fd, static_cast<off_t>(keep), SEEK_SET) < 0) fail(function, path, "cannot be appended to (" + error_text(errno) + ")");
  fault_point(path, "appending");
  if (!write_all(file.fd, text)) {
    const int err = errno;
    if (::ftruncate(file.fd, static_cast<off_t>(keep)) == 0) ::fsync(file.fd);  // leave no partial record if we can
    fail(function, path, "write failed (" + error_text(err) + ")");
  }
  if (::fsync(file.fd) != 0) {
    const int err = errno;
    if (::ftruncate(file.fd, static_cast<off_t>(keep)) == 0) ::fsync(file.fd);  // not committed: take it back
    fail(function, path, "fsync failed (" + error_text(err) + ")");
  }
  fault_point(path, "appended");
  return keep + text.size();
}

void check_readable(const fs::path& path, std::string_view function) {
  struct stat st {};
  const descriptor file{*open_regular(path, &st, function, false)};
}

std::string read_stdin(std::size_t max_bytes, std::string_view function) {
  return read_limited(STDIN_FILENO, max_bytes, 0, function, "standard input", "more than");
}

}  // namespace lilucb::io
