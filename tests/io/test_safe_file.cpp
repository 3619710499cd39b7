// The one file layer (lilucb/io/safe_file.hpp) on every kind of file system object: the writer
// and the reader against a regular file, a user's own NAME.tmp, a symlink, a dangling symlink, a
// hard link, a FIFO, a character device (a node made for the test, as root), a socket, a folder,
// a read-only folder and a file over the size limit; after every refusal the folder holds what it
// held before (no temporary file left).  Nothing outside the test's own temporary folder is
// touched.

#include <boost/test/unit_test.hpp>

#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
namespace io = lilucb::io;

namespace {

struct scratch {
  fs::path path;
  scratch() {
    std::string templ = (fs::temp_directory_path() / "lilucb-io-test-XXXXXX").string();
    if (!::mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
    path = templ;
  }
  ~scratch() {
    std::error_code ec;
    fs::permissions(path, fs::perms::all, ec);
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
      if (it->is_directory(ec)) fs::permissions(it->path(), fs::perms::all, ec);
    fs::remove_all(path, ec);
  }
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;
  fs::path file(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return path / name;
  }
};

std::string text_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// The names in a folder (hidden ones included): what a refused write must leave as it was.
std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> s;
  for (const auto& e : fs::directory_iterator(dir)) s.insert(e.path().filename().string());
  return s;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The io_error message of `f`, or nullopt when it throws nothing (another exception escapes).
std::optional<std::string> io_failure(const std::function<void()>& f) {
  try {
    f();
  } catch (const lilucb::io_error& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

/// Runs `f` in a child process and waits at most `seconds`: the child's exit status, or nullopt
/// when it had to be killed (it blocked).  `uid` (when not 0) is the user the child becomes first.
std::optional<int> in_child(const std::function<int()>& f, double seconds = 10, uid_t uid = 0) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (uid != 0 && (::setgroups(0, nullptr) != 0 || ::setgid(uid) != 0 || ::setuid(uid) != 0)) ::_exit(126);
    int status = 99;
    try {
      status = f();
    } catch (...) {
      status = 98;
    }
    ::_exit(status);
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int st = 0;
  while (::waitpid(pid, &st, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > until) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &st, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return WIFEXITED(st) ? std::optional<int>(WEXITSTATUS(st)) : std::optional<int>(-1);
}

/// A character device node with /dev/null's numbers, made inside `dir` (never under /dev); nullopt
/// when this process may not make device nodes (not root, or a container without CAP_MKNOD).
std::optional<fs::path> test_device(const fs::path& dir) {
  const fs::path node = dir / "null-like";
  if (::geteuid() != 0 || ::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0) return std::nullopt;
  return node;
}

/// A listening Unix socket bound inside `dir`; the descriptor stays open for the test's duration.
fs::path test_socket(const fs::path& dir, int& fd) {
  const fs::path p = dir / "sock";
  fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::strncpy(a.sun_path, p.c_str(), sizeof a.sun_path - 1);
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) throw std::runtime_error("socket failed");
  return p;
}

mode_t mode_of(const fs::path& p) {
  struct stat st {};
  ::lstat(p.c_str(), &st);
  return st.st_mode;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(writer)

BOOST_AUTO_TEST_CASE(a_missing_file_is_created_and_a_regular_one_replaced_with_its_permissions) {
  scratch tmp;
  const fs::path f = tmp.path / "new.txt";
  io::write_file_atomically(f, "first\n");
  BOOST_TEST(text_of(f) == "first\n");
  const mode_t mask = ::umask(022);
  ::umask(mask);
  BOOST_TEST((mode_of(f) & 0777) == (0644 & ~mask));
  ::chmod(f.c_str(), 0600);
  io::write_file_atomically(f, "second\n");
  BOOST_TEST(text_of(f) == "second\n");
  BOOST_TEST((mode_of(f) & 0777) == 0600u);
  ::chmod(f.c_str(), 0444);  // file_mode::fresh: a new file's mode, writable again
  io::write_file_atomically(f, "third\n", "test", io::file_mode::fresh);
  BOOST_TEST(text_of(f) == "third\n");
  BOOST_TEST((mode_of(f) & 0777) == (0644 & ~mask));
  BOOST_TEST(names_in(tmp.path) == std::set<std::string>{"new.txt"});
  io::write_file_atomically(f, "");  // empty text: an empty file
  BOOST_TEST(fs::file_size(f) == 0u);
}

BOOST_AUTO_TEST_CASE(a_users_own_tmp_file_is_never_touched) {
  scratch tmp;
  const auto f = tmp.file("st.json", "old");
  const auto mine = tmp.file("st.json.tmp", "the user's own file");
  io::write_file_atomically(f, "new");
  BOOST_TEST(text_of(f) == "new");
  BOOST_TEST(text_of(mine) == "the user's own file");
  // NAME.tmp as a symlink to another file: neither the link nor its target changes.
  const auto other = tmp.file("other.txt", "precious");
  fs::remove(mine);
  fs::create_symlink(other, mine);
  io::write_file_atomically(f, "newer");
  BOOST_TEST(fs::is_symlink(mine));
  BOOST_TEST(text_of(other) == "precious");
  BOOST_TEST(names_in(tmp.path) == (std::set<std::string>{"st.json", "st.json.tmp", "other.txt"}));
}

BOOST_AUTO_TEST_CASE(a_symlink_stays_a_link_and_its_target_is_replaced) {
  scratch tmp;
  fs::create_directories(tmp.path / "real");
  const auto target = tmp.file("real/state.json", "old");
  ::chmod(target.c_str(), 0640);
  fs::create_symlink(target, tmp.path / "link.json");
  fs::create_symlink("link.json", tmp.path / "chain.json");  // a chain, relative: followed to its end
  BOOST_TEST(io::resolve_write_target(tmp.path / "chain.json") == fs::canonical(target));
  io::write_file_atomically(tmp.path / "chain.json", "new");
  BOOST_TEST(fs::is_symlink(tmp.path / "link.json"));
  BOOST_TEST(fs::is_symlink(tmp.path / "chain.json"));
  BOOST_TEST(text_of(target) == "new");
  BOOST_TEST((mode_of(target) & 0777) == 0640u);
  BOOST_TEST(names_in(tmp.path) == (std::set<std::string>{"real", "link.json", "chain.json"}));
  BOOST_TEST(names_in(tmp.path / "real") == std::set<std::string>{"state.json"});
}

BOOST_AUTO_TEST_CASE(a_dangling_symlink_is_refused_and_left_as_it_is) {
  scratch tmp;
  const fs::path link = tmp.path / "dangling";
  fs::create_symlink(tmp.path / "nowhere", link);
  const auto before = names_in(tmp.path);
  const auto e = io_failure([&] { io::write_file_atomically(link, "x"); });
  BOOST_TEST_REQUIRE(e.has_value());
  BOOST_TEST(contains(*e, "symlink to a missing file"), *e);
  BOOST_TEST(contains(*e, link.string()), *e);
  BOOST_TEST(fs::is_symlink(link));
  BOOST_TEST(!fs::exists(tmp.path / "nowhere"));
  BOOST_TEST(names_in(tmp.path) == before);
  // A loop is refused too.
  fs::create_symlink(tmp.path / "loop", tmp.path / "loop");
  BOOST_TEST(io_failure([&] { io::write_file_atomically(tmp.path / "loop", "x"); }).has_value());
  BOOST_TEST(fs::is_symlink(tmp.path / "loop"));
}

BOOST_AUTO_TEST_CASE(a_hard_linked_file_is_refused_and_both_names_keep_their_contents) {
  scratch tmp;
  const auto f = tmp.file("state.json", "old");
  fs::create_hard_link(f, tmp.path / "backup.json");
  const auto before = names_in(tmp.path);
  const auto e = io_failure([&] { io::write_file_atomically(f, "new"); });
  BOOST_TEST_REQUIRE(e.has_value());
  BOOST_TEST(contains(*e, "2 hard links"), *e);
  BOOST_TEST(contains(*e, "detach"), *e);
  BOOST_TEST(text_of(f) == "old");
  BOOST_TEST(text_of(tmp.path / "backup.json") == "old");
  BOOST_TEST(fs::hard_link_count(f) == 2u);
  BOOST_TEST(names_in(tmp.path) == before);
  // Through a symlink, the same rule holds for the file the link names.
  fs::create_symlink(f, tmp.path / "link.json");
  BOOST_TEST(io_failure([&] { io::write_file_atomically(tmp.path / "link.json", "new"); }).has_value());
  BOOST_TEST(text_of(f) == "old");
}

BOOST_AUTO_TEST_CASE(a_fifo_a_socket_and_a_folder_are_refused_before_anything_is_opened) {
  scratch tmp;
  const fs::path fifo = tmp.path / "fifo";
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  int sock_fd = -1;
  const fs::path sock = test_socket(tmp.path, sock_fd);
  fs::create_directories(tmp.path / "folder");
  const auto before = names_in(tmp.path);
  const std::vector<std::pair<fs::path, std::string>> cases = {
      {fifo, "FIFO"}, {sock, "socket"}, {tmp.path / "folder", "is a folder"}, {tmp.path / "folder/", "is a folder"}};
  for (const auto& c : cases) {  // not a structured binding: the lambdas below capture them
    const fs::path& path = c.first;
    const std::string& why = c.second;
    BOOST_TEST_CONTEXT(path) {
      // In a child: opening the FIFO for writing would block for ever without a reader.
      const auto status = in_child([&] {
        const auto e = io_failure([&] { io::write_file_atomically(path, "x"); });
        return e && contains(*e, why) && contains(*e, path.string()) ? 0 : 1;
      });
      BOOST_TEST((status && *status == 0));
    }
  }
  BOOST_TEST(S_ISFIFO(mode_of(fifo)));
  BOOST_TEST(S_ISSOCK(mode_of(sock)));
  BOOST_TEST(fs::is_empty(tmp.path / "folder"));
  BOOST_TEST(names_in(tmp.path) == before);
  ::close(sock_fd);
}

BOOST_AUTO_TEST_CASE(a_device_is_refused_and_stays_a_device) {
  scratch tmp;
  const auto node = test_device(tmp.path);
  if (!node) {
    BOOST_TEST_MESSAGE("skipped: device nodes can be made by root only");
    return;
  }
  const auto before = names_in(tmp.path);
  const auto e = io_failure([&] { io::write_file_atomically(*node, "x"); });
  BOOST_TEST_REQUIRE(e.has_value());
  BOOST_TEST(contains(*e, "character device"), *e);
  BOOST_TEST(S_ISCHR(mode_of(*node)));
  BOOST_TEST(names_in(tmp.path) == before);
  // Through a symlink as well.
  fs::create_symlink(*node, tmp.path / "link");
  BOOST_TEST(io_failure([&] { io::write_file_atomically(tmp.path / "link", "x"); }).has_value());
  BOOST_TEST(S_ISCHR(mode_of(*node)));
  BOOST_TEST(fs::is_symlink(tmp.path / "link"));
}

BOOST_AUTO_TEST_CASE(a_missing_folder_or_a_file_in_the_way_is_refused) {
  scratch tmp;
  const auto f = tmp.file("plain", "x");
  for (const fs::path& p : {tmp.path / "missing" / "x", f / "x"}) {
    BOOST_TEST_CONTEXT(p) {
      const auto e = io_failure([&] { io::write_file_atomically(p, "x"); });
      BOOST_TEST_REQUIRE(e.has_value());
      BOOST_TEST(contains(*e, p.string()), *e);
    }
  }
  BOOST_TEST(names_in(tmp.path) == std::set<std::string>{"plain"});
}

// A read-only folder refuses the temporary file; as root (whom permission bits do not bind) the
// write runs as the user nobody, in a child.
BOOST_AUTO_TEST_CASE(a_read_only_folder_refuses_the_write_and_keeps_nothing) {
  scratch tmp;
  fs::permissions(tmp.path, fs::perms::all);
  const fs::path ro = tmp.path / "ro";
  fs::create_directories(ro);
  const fs::path f = ro / "state.json";
  std::ofstream(f) << "old";
  fs::permissions(f, fs::perms::all);
  fs::permissions(ro, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                          fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  const uid_t user = ::geteuid() == 0 ? 65534 : 0;
  const auto status = in_child(
      [&] {
        const auto e = io_failure([&] { io::write_file_atomically(f, "new"); });
        return e && contains(*e, f.string()) && contains(*e, "temporary file") ? 0 : 1;
      },
      10, user);
  BOOST_TEST((status && *status == 0));
  BOOST_TEST(text_of(f) == "old");
  BOOST_TEST(names_in(ro) == std::set<std::string>{"state.json"});
}

BOOST_AUTO_TEST_CASE(concurrent_writers_leave_one_whole_text_and_no_temporary_file) {
  scratch tmp;
  const fs::path f = tmp.path / "shared.txt";
  std::vector<std::string> texts(8);
  for (std::size_t k = 0; k < texts.size(); ++k) texts[k].assign(100000, static_cast<char>('a' + k));
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < texts.size(); ++k)
    threads.emplace_back([&, k] {
      for (int r = 0; r < 5; ++r) io::write_file_atomically(f, texts[k]);
    });
  for (auto& t : threads) t.join();
  const auto final_text = text_of(f);
  BOOST_TEST((std::find(texts.begin(), texts.end(), final_text) != texts.end()));
  BOOST_TEST(names_in(tmp.path) == std::set<std::string>{"shared.txt"});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reader)

BOOST_AUTO_TEST_CASE(a_regular_file_and_a_symlink_to_one_are_read_whole) {
  scratch tmp;
  const auto f = tmp.file("data.txt", std::string("a\0b\n", 4));
  BOOST_TEST(io::read_file(f) == std::string("a\0b\n", 4));
  fs::create_symlink(f, tmp.path / "link");
  BOOST_TEST(io::read_file(tmp.path / "link") == std::string("a\0b\n", 4));
  BOOST_TEST(io::read_file(tmp.file("empty", "")).empty());
  BOOST_TEST(!io::read_file_if_present(tmp.path / "missing").has_value());
  BOOST_TEST(io::read_file_if_present(f).value() == std::string("a\0b\n", 4));
}

// read_file_if_readable: the text where read_file would give it, nullopt (nothing thrown) where
// read_file would throw or find nothing: missing, dangling, a folder, a FIFO, over the limit,
// unreadable.  /proc files (size 0 in their stat) are read whole.
BOOST_AUTO_TEST_CASE(read_file_if_readable_gives_nothing_instead_of_an_error) {
  scratch tmp;
  const auto f = tmp.file("data.txt", std::string("a\0b\n", 4));
  BOOST_TEST(io::read_file_if_readable(f).value() == std::string("a\0b\n", 4));
  BOOST_TEST(io::read_file_if_readable(f, 4).value() == std::string("a\0b\n", 4));
  BOOST_TEST(!io::read_file_if_readable(f, 3).has_value());
  BOOST_TEST(!io::read_file_if_readable(tmp.path / "missing").has_value());
  fs::create_symlink(tmp.path / "nowhere", tmp.path / "dangling");
  BOOST_TEST(!io::read_file_if_readable(tmp.path / "dangling").has_value());
  BOOST_TEST(!io::read_file_if_readable(tmp.path).has_value());
  const fs::path fifo = tmp.path / "fifo";
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  const auto status = in_child([&] { return io::read_file_if_readable(fifo).has_value() ? 1 : 0; });
  BOOST_TEST_REQUIRE(status.has_value(), "the reader blocked on a FIFO");
  BOOST_TEST(*status == 0);
  // Unreadable: as another user when this is root (root reads any file); 98 would be a throw.
  const auto locked = tmp.file("locked.txt", "secret");
  fs::permissions(locked, fs::perms::none);
  const auto unreadable = in_child([&] { return io::read_file_if_readable(locked).has_value() ? 1 : 0; }, 10,
                                   ::geteuid() == 0 ? 65534 : 0);
  BOOST_TEST((unreadable && *unreadable == 0));
  if (fs::exists("/proc/meminfo")) {
    const auto info = io::read_file_if_readable("/proc/meminfo", 65536);
    BOOST_TEST_REQUIRE(info.has_value());
    BOOST_TEST(contains(*info, "MemTotal:"));
  }
}

BOOST_AUTO_TEST_CASE(missing_and_dangling_paths_name_the_path) {
  scratch tmp;
  fs::create_symlink(tmp.path / "nowhere", tmp.path / "dangling");
  for (const fs::path& p : {tmp.path / "missing", tmp.path / "dangling"}) {
    const auto e = io_failure([&] { io::read_file(p); });
    BOOST_TEST_REQUIRE(e.has_value());
    BOOST_TEST(contains(*e, p.string()), *e);
    BOOST_TEST(contains(*e, "No such file"), *e);
  }
}

BOOST_AUTO_TEST_CASE(a_file_over_the_limit_is_refused_with_its_size_and_the_limit) {
  scratch tmp;
  const auto f = tmp.file("big.txt", std::string(100, 'x'));
  BOOST_TEST(io::read_file(f, 100).size() == 100u);
  const auto e = io_failure([&] { io::read_file(f, 99); });
  BOOST_TEST_REQUIRE(e.has_value());
  BOOST_TEST(contains(*e, "100 bytes"), *e);
  BOOST_TEST(contains(*e, "limit of 99 bytes"), *e);
  const auto g = tmp.file("big2.txt", std::string(3 << 20, 'x'));
  const auto e2 = io_failure([&] { io::read_file(g, std::size_t{2} << 20, "lilucb test --option"); });
  BOOST_TEST_REQUIRE(e2.has_value());
  BOOST_TEST(contains(*e2, "limit of 2 MiB"), *e2);
  BOOST_TEST(contains(*e2, "lilucb test --option"), *e2);
}

BOOST_AUTO_TEST_CASE(a_fifo_is_refused_at_once_without_blocking) {
  scratch tmp;
  const fs::path fifo = tmp.path / "fifo";
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  const auto status = in_child([&] {
    const auto e = io_failure([&] { io::read_file(fifo); });
    const auto e2 = io_failure([&] { io::read_file_if_present(fifo); });
    return e && e2 && contains(*e, "FIFO") && contains(*e, fifo.string()) ? 0 : 1;
  });
  BOOST_TEST_REQUIRE(status.has_value(), "the reader blocked on a FIFO");
  BOOST_TEST(*status == 0);
  // A FIFO with a writer holding it open is refused as well (never read).
  const pid_t writer = ::fork();
  if (writer == 0) {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    if (fd >= 0) static_cast<void>(::write(fd, "abc", 3));
    ::pause();
    ::_exit(0);
  }
  const auto with_writer = in_child([&] { return io_failure([&] { io::read_file(fifo); }) ? 0 : 1; });
  ::kill(writer, SIGKILL);
  ::waitpid(writer, nullptr, 0);
  BOOST_TEST((with_writer && *with_writer == 0));
}

BOOST_AUTO_TEST_CASE(a_folder_a_socket_and_a_device_are_refused) {
  scratch tmp;
  fs::create_directories(tmp.path / "folder");
  int sock_fd = -1;
  std::vector<std::pair<fs::path, std::string>> cases = {{tmp.path / "folder", "a folder"},
                                                         {test_socket(tmp.path, sock_fd), "socket"}};
  if (const auto node = test_device(tmp.path)) cases.emplace_back(*node, "character device");
  else BOOST_TEST_MESSAGE("device case skipped: device nodes can be made by root only");
  for (const auto& c : cases) {  // not a structured binding: the lambdas below capture them
    const fs::path& path = c.first;
    const std::string& why = c.second;
    BOOST_TEST_CONTEXT(path) {
      const auto status = in_child([&] {
        const auto e = io_failure([&] { io::read_file(path); });
        return e && contains(*e, why) && contains(*e, "not a regular file") ? 0 : 1;
      });
      BOOST_TEST((status && *status == 0));
    }
  }
  ::close(sock_fd);
}

BOOST_AUTO_TEST_CASE(standard_input_is_read_to_its_end_within_the_limit) {
  for (const std::size_t size : {0u, 10u, 11u, 200000u}) {
    BOOST_TEST_CONTEXT(size) {
      const auto status = in_child([size] {
        int p[2];
        if (::pipe(p) != 0) return 2;
        const pid_t feeder = ::fork();
        if (feeder == 0) {
          ::close(p[0]);
          const std::string text(size, 'y');
          std::size_t done = 0;
          while (done < text.size()) {
            const ssize_t w = ::write(p[1], text.data() + done, text.size() - done);
            if (w <= 0) break;
            done += static_cast<std::size_t>(w);
          }
          ::_exit(0);
        }
        ::close(p[1]);
        ::dup2(p[0], STDIN_FILENO);
        const std::size_t limit = size == 200000u ? 200000u : 10u;
        if (size <= limit) return io::read_stdin(limit) == std::string(size, 'y') ? 0 : 1;
        const auto e = io_failure([&] { io::read_stdin(limit); });
        return e && contains(*e, "standard input") && contains(*e, "limit of 10 bytes") ? 0 : 1;
      });
      BOOST_TEST((status && *status == 0));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(kind_of_names_every_kind) {
  scratch tmp;
  const auto f = tmp.file("f", "x");
  fs::create_directories(tmp.path / "d");
  fs::create_symlink(f, tmp.path / "l");
  fs::create_symlink(tmp.path / "nowhere", tmp.path / "dangling");
  ::mkfifo((tmp.path / "p").c_str(), 0644);
  int sock_fd = -1;
  const auto sock = test_socket(tmp.path, sock_fd);
  BOOST_TEST((io::kind_of(f) == io::file_kind::regular));
  BOOST_TEST((io::kind_of(tmp.path / "d") == io::file_kind::folder));
  BOOST_TEST((io::kind_of(tmp.path / "l") == io::file_kind::symlink));
  BOOST_TEST((io::kind_of(tmp.path / "l", io::link_policy::follow_links) == io::file_kind::regular));
  BOOST_TEST((io::kind_of(tmp.path / "dangling", io::link_policy::follow_links) == io::file_kind::missing));
  BOOST_TEST((io::kind_of(tmp.path / "p") == io::file_kind::fifo));
  BOOST_TEST((io::kind_of(sock) == io::file_kind::socket));
  BOOST_TEST((io::kind_of(tmp.path / "missing") == io::file_kind::missing));
  BOOST_TEST((io::kind_of(f / "below") == io::file_kind::missing));
  if (const auto node = test_device(tmp.path)) BOOST_TEST((io::kind_of(*node) == io::file_kind::character_device));
  BOOST_TEST(std::string(io::describe(io::file_kind::fifo)).find("FIFO") != std::string::npos);
  ::close(sock_fd);
}

BOOST_AUTO_TEST_SUITE(appender)

BOOST_AUTO_TEST_CASE(appends_after_cutting_a_torn_tail_and_returns_the_new_length) {
  scratch s;
  const fs::path p = s.file("journal", "one\ntwo\nthr");  // "thr": a torn last line
  BOOST_TEST(io::append_to_file(p, "three\n", 8) == 14u);
  BOOST_TEST(text_of(p) == "one\ntwo\nthree\n");
  BOOST_TEST(io::append_to_file(p, "four\n", 14) == 19u);
  BOOST_TEST(text_of(p) == "one\ntwo\nthree\nfour\n");
  // A file shorter than its reader saw (changed behind the writer): refused, nothing written.
  const auto shorter = io_failure([&] { io::append_to_file(p, "x\n", 100); });
  BOOST_REQUIRE(shorter);
  BOOST_TEST(contains(*shorter, "shorter than"), *shorter);
  BOOST_TEST(text_of(p) == "one\ntwo\nthree\nfour\n");
}

BOOST_AUTO_TEST_CASE(a_symlink_is_followed_and_missing_or_hard_linked_files_are_refused) {
  scratch s;
  const fs::path target = s.file("target", "a\n");
  fs::create_symlink("target", s.path / "link");
  BOOST_TEST(io::append_to_file(s.path / "link", "b\n", 2) == 4u);
  BOOST_TEST(fs::is_symlink(s.path / "link"));
  BOOST_TEST(text_of(target) == "a\nb\n");
  const auto missing = io_failure([&] { io::append_to_file(s.path / "none", "x\n", 0); });
  BOOST_REQUIRE(missing);
  BOOST_TEST(contains(*missing, "does not exist"), *missing);
  BOOST_TEST(!fs::exists(s.path / "none"));
  fs::create_hard_link(target, s.path / "hard");
  const auto hard = io_failure([&] { io::append_to_file(s.path / "hard", "x\n", 4); });
  BOOST_REQUIRE(hard);
  BOOST_TEST(contains(*hard, "hard links"), *hard);
  BOOST_TEST(text_of(target) == "a\nb\n");
  const fs::path fifo = s.path / "fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  BOOST_TEST(io_failure([&] { io::append_to_file(fifo, "x\n", 0); }).has_value());
}

BOOST_AUTO_TEST_CASE(read_file_from_reads_the_tail_from_an_offset) {
  scratch s;
  const fs::path p = s.file("journal", "0123456789");
  BOOST_TEST(*io::read_file_from(p, 4) == "456789");
  BOOST_TEST(*io::read_file_from(p, 0) == "0123456789");
  BOOST_TEST(io::read_file_from(p, 10)->empty());
  BOOST_TEST(io::read_file_from(p, 99)->empty());
  BOOST_TEST(!io::read_file_from(s.path / "none", 0).has_value());
  const auto big = io_failure([&] { io::read_file_from(p, 2, 5); });
  BOOST_REQUIRE(big);
  BOOST_TEST(contains(*big, "more than the limit"), *big);
  BOOST_TEST(*io::read_file_from(p, 5, 5) == "56789");
}

BOOST_AUTO_TEST_SUITE_END()
