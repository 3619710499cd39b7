// The output folder of an experiment: creation with clear errors, the exclusive lock, the
// append-only runs file, and the final files written from the typed rows (runner_detail.hpp).

#include "runner_detail.hpp"

#include "lilucb/io/safe_file.hpp"
#include "lilucb_experiments/summaries.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace fs = std::filesystem;

namespace lilucb::experiments::detail {

void make_folder(const fs::path& dir, const std::string& option) {
  if (dir.empty()) raise_io_error(dir, "an empty folder name", 0);
  std::error_code ec;
  const auto st = fs::status(dir, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st)) {
      std::string kind = "not a folder";
      try {
        kind = io::describe(io::kind_of(dir, io::link_policy::follow_links, "lilucb experiment"));
      } catch (const std::exception&) {  // the kind cannot be read: the refusal says "not a folder"
      }
      raise_io_error(dir, option + " names " + kind + ", which cannot hold results: it is not a folder", ENOTDIR);
    }
  } else {
    fs::create_directories(dir, ec);
    if (ec) raise_io_error(dir, "cannot be created as a folder", ec.value());
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) raise_io_error(dir, "is not writable", errno);
}

folder_lock::folder_lock(const fs::path& dir) : path_(dir / ".lilucb.lock") {
  for (;;) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) raise_io_error(path_, "cannot be created (the folder's lock)", errno);
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      ::close(fd_);
      fd_ = -1;
      if (e == EWOULDBLOCK)
        throw io_error("lilucb experiment", dir.string(),
                       "folder in use by another lilucb process (" + path_.string() + " is locked)");
      raise_io_error(path_, "cannot be locked", e);
    }
    // The lock file may have been removed by its previous holder between our open and flock:
    // hold the lock only on the file that is at the path now.
    struct stat a {}, b {};
    if (::fstat(fd_, &a) == 0 && ::stat(path_.c_str(), &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev) return;
    ::close(fd_);
    fd_ = -1;
  }
}

folder_lock::~folder_lock() {
  if (fd_ >= 0) {
    ::unlink(path_.c_str());  // while still held: a waiting process re-checks the path (above)
    ::close(fd_);
  }
}

appender::appender(const fs::path& file) : path_(file) {
  fd_ = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd_ < 0) raise_io_error(file, "cannot be opened for appending", errno);
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {  // just written whole by the runner: a regular file
    ::close(fd_);
    fd_ = -1;
    raise_io_error(file, "is not a regular file; rows are appended to regular files only", 0);
  }
  const int flags = ::fcntl(fd_, F_GETFL);
  if (flags < 0 || ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    const int e = errno;
    ::close(fd_);
    fd_ = -1;
    raise_io_error(file, "cannot be opened for appending", e);
  }
}

appender::~appender() {
  if (fd_ >= 0) ::close(fd_);
}

void appender::append(const std::string& line) {
  const char* p = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    const ssize_t w = ::write(fd_, p, left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) raise_io_error(path_, "a result row could not be written", w < 0 ? errno : EIO);
    p += w;
    left -= static_cast<std::size_t>(w);
  }
}

void appender::sync() {
  if (::fsync(fd_) != 0) raise_io_error(path_, "fsync failed", errno);
}

void write_results(const experiment_plan& p, const fs::path& dir, const std::vector<run_row>& rows) {
  const auto& c = p.config();
  // The runner's own files: a fresh mode, as when they were first written (a resumed run
  // appends to runs.csv).
  const auto write = [&](const char* name, const std::string& text) {
    io::write_file_atomically(dir / name, text, "lilucb experiment", io::file_mode::fresh);
  };
  write("runs.csv", csv_text(runs_header(c.kind), rows, c.kind));
  if (c.kind == experiment_kind::modern) {
    write("summary.csv", csv_text(modern_summary_header(), summarize_modern(c, rows)));
  } else if (c.kind == experiment_kind::stopping_times) {
    write("summary.csv", csv_text(summary_header(), summarize_stopping_times(c, rows)));
  } else {
    write("windows.csv", csv_text(windows_header(), p.windows()));
    const auto s = summarize_anytime(c, rows, p.windows());
    write("anytime.csv", csv_text(anytime_header(), s.curve));
    write("stopping.csv", csv_text(stopping_header(), s.marks));
  }
}

}  // namespace lilucb::experiments::detail
