#pragma once
// The one file layer: every file the toolkit writes or reads whole goes through here (the CLI,
// the experiments, the verification records, the study state).  docs/files.md states the same
// guarantees for users.
//
// Writing, write_file_atomically(path, text):
//  - The text goes to a temporary file created beside the target (same folder) under a unique
//    name ".NAME.XXXXXX", opened with O_CREAT | O_EXCL | O_NOFOLLOW: no existing file, symlink
//    or a user's own "NAME.tmp" is ever opened or removed.  It is written whole, fsync'ed, closed,
//    renamed over the target, and the folder is fsync'ed.  An interruption leaves the old file or
//    the new one, never a mix; on any failure the temporary file is removed.
//  - The target is examined (lstat) before anything is created:
//      missing:          created (mode 0644 less the umask), if its folder exists;
//      regular file:     replaced; its permission bits (0777) carry over to the new file
//                        (file_mode::keep), or the new file gets 0644 less the umask
//                        (file_mode::fresh: for a file its writer appends to afterwards);
//      symlink:          resolved to the end of its chain, and the file it names is replaced
//                        atomically in that file's folder: the link stays a link;
//      dangling symlink: refused (a symlink to a missing file is never turned into a file);
//      hard link:        a regular file with more than one name is refused, since replacing it
//                        would detach the other names from the new contents;
//      folder, FIFO, character or block device, socket: refused; nothing is opened.
//  - Errors are lilucb::io_error naming the path and the reason on one line.
//
// Reading, read_file(path, max_bytes):
//  - The file is opened with O_RDONLY | O_NONBLOCK | O_NOCTTY (opening a FIFO never waits for a
//    writer), the opened descriptor is fstat'ed, and anything but a regular file (FIFO, device,
//    socket, folder) is refused without reading a byte.  Then O_NONBLOCK is cleared and at most
//    max_bytes + 1 bytes are read: a file larger than max_bytes, or one that grows past it
//    while being read, is refused with a message naming the size and the limit.
//  - read_stdin reads standard input (a pipe or a terminal, not checked for its kind) with the
//    same limit.
//
// Appending, append_to_file(path, text, keep) (an append-only journal):
//  - The target is examined as for writing (a symlink is followed to its end; a dangling symlink,
//    a hard link, a folder, FIFO, device or socket is refused); it must exist.  It is opened with
//    O_WRONLY | O_NOFOLLOW, cut to `keep` bytes (what its reader found complete: a torn last
//    record is dropped), `text` is written at that offset, and the file is fsync'ed before the
//    call returns.  An interruption leaves the file at `keep` bytes plus a prefix of `text`: the
//    reader's rule for a torn tail (e.g. a last line without its newline) decides.  A file shorter
//    than `keep` (changed behind the writer's back) is refused, nothing written.
//
// Reading from an offset, read_file_from(path, offset, max_bytes): read_file's checks, then the
// bytes from `offset` to the end (at most max_bytes; an offset past the end gives "").
//
// Thread safety: every function may be called from several threads at once (each temporary
// name is unique per call).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace lilucb::io {

/// The default read limit: 256 MiB.  Callers that know their format pass their own (a config
/// of a few hundred bytes: 1 MiB; a means file of 10^7 arms: 1 GiB).
inline constexpr std::size_t default_max_bytes = std::size_t{256} << 20;

/// What a path names, as lstat sees it (a symlink is reported as one, not followed) or, with
/// follow_links, as stat sees it.
enum class file_kind {
  missing,           ///< nothing at the path (or a component of it is missing)
  regular,           ///< a regular file
  folder,            ///< a directory
  symlink,           ///< a symbolic link (only without follow_links)
  fifo,              ///< a named pipe
  character_device,  ///< e.g. /dev/null, /dev/zero, a terminal
  block_device,      ///< a disk
  socket,            ///< a Unix socket
  other              ///< anything else the system reports
};

enum class link_policy { inspect_link, follow_links };

/// The permission bits of a replaced file: the old file's (keep), or a new file's 0644 less the
/// umask (fresh).
enum class file_mode { keep, fresh };

/// The kind of `path`.  A path that does not exist, below a missing folder or below a regular
/// file (ENOENT, ENOTDIR) is file_kind::missing; a dangling symlink followed is missing too.
/// Throws io_error for other failures (permission denied on a folder of the path, a symlink
/// loop followed), naming `function`.
file_kind kind_of(const std::filesystem::path& path, link_policy links = link_policy::inspect_link,
                  std::string_view function = "lilucb::io::kind_of");

/// "a regular file", "a folder", "a FIFO", "a character device", ...: for messages.
const char* describe(file_kind kind) noexcept;

/// The file write_file_atomically(path, ...) would create or replace: `path` itself when it is
/// a regular file or missing, the end of its symlink chain (an absolute path) when it is a
/// symlink.  Throws io_error (naming `function`, the path and the rule) for every refused kind
/// of target of the header comment (dangling symlink, hard link, folder, FIFO, device, socket)
/// and when the folder that would hold the file does not exist or is not a folder.  Nothing is
/// created or opened for writing.
std::filesystem::path resolve_write_target(const std::filesystem::path& path,
                                           std::string_view function = "lilucb::io::write_file_atomically");

/// Replaces (or creates) `path` with `text` as stated in the header comment; throws io_error
/// naming `function`, the path and the reason, and leaves no temporary file behind.
void write_file_atomically(const std::filesystem::path& path, std::string_view text,
                           std::string_view function = "lilucb::io::write_file_atomically",
                           file_mode mode = file_mode::keep);

/// The whole regular file at `path` (a symlink is followed), as stated in the header comment.
/// Throws io_error naming `function`, the path and the reason: missing, unreadable, not a
/// regular file, larger than `max_bytes`.
std::string read_file(const std::filesystem::path& path, std::size_t max_bytes = default_max_bytes,
                      std::string_view function = "lilucb::io::read_file");

/// read_file, except that nothing at `path` (ENOENT when opening) gives nullopt.
std::optional<std::string> read_file_if_present(const std::filesystem::path& path,
                                                std::size_t max_bytes = default_max_bytes,
                                                std::string_view function = "lilucb::io::read_file");

/// read_file, except that every failure (missing, unreadable, not a regular file, larger than
/// `max_bytes`, out of memory) gives nullopt and nothing is thrown: for sources a caller may do
/// without, such as /proc and cgroup files.
std::optional<std::string> read_file_if_readable(const std::filesystem::path& path,
                                                 std::size_t max_bytes = default_max_bytes) noexcept;

/// Opens `path` as read_file does and closes it without reading a byte: throws the io_error
/// read_file would throw for a missing, unreadable or non-regular file (the size is not checked).
/// For checking a command's options before any work.
void check_readable(const std::filesystem::path& path, std::string_view function = "lilucb::io::read_file");

/// Appends `text` to the existing regular file at `path` after cutting it to `keep` bytes, and
/// fsyncs it, as stated in the header comment.  Returns the file's new length (keep + text.size()).
/// Throws io_error naming `function`, the path and the reason.
std::uint64_t append_to_file(const std::filesystem::path& path, std::string_view text, std::uint64_t keep,
                             std::string_view function = "lilucb::io::append_to_file");

/// The bytes of the regular file at `path` from `offset` to its end, as stated in the header
/// comment; nullopt when nothing is at `path`.  Throws io_error as read_file does (the limit
/// applies to the bytes read).
std::optional<std::string> read_file_from(const std::filesystem::path& path, std::uint64_t offset,
                                          std::size_t max_bytes = default_max_bytes,
                                          std::string_view function = "lilucb::io::read_file");

/// Standard input to its end, at most `max_bytes`; more is refused with io_error (path
/// "standard input").  Its kind is not checked: a pipe or a terminal is what it usually is.
std::string read_stdin(std::size_t max_bytes = default_max_bytes,
                       std::string_view function = "lilucb::io::read_stdin");

}  // namespace lilucb::io
