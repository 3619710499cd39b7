#pragma once
// An allocator for per-arm arrays that outgrow the caches (lil'UCB's heap and the arms'
// statistics at 10^5 arms and more).  Blocks of at least 4 MB are aligned to 2 MB and marked
// for transparent huge pages (madvise(MADV_HUGEPAGE), Linux), so that a random access into them
// costs a cache miss but rarely a TLB miss as well: in a virtual machine a TLB miss is a
// two-level page walk.  Smaller blocks are only cache-line aligned.  Where the kernel does not
// provide huge pages the advice is ignored; nothing else changes (docs/benchmarks.md measures it).

#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace lilucb::bandit::detail {

template <class T>
struct large_page_allocator {
  using value_type = T;
  static constexpr std::size_t huge_page = std::size_t(1) << 21;
  static constexpr std::size_t line = 64;
  static constexpr std::size_t threshold = std::size_t(1) << 22;  // 4 MB

  large_page_allocator() = default;
  template <class U>
  large_page_allocator(const large_page_allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < threshold) return static_cast<T*>(::operator new(bytes, std::align_val_t{alignment(bytes)}));
    const std::size_t rounded = round_up(bytes);
    void* p = ::operator new(rounded, std::align_val_t{huge_page});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    ::madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure leaves ordinary pages
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    ::operator delete(p, std::align_val_t{alignment(bytes)});
  }

  template <class U>
  bool operator==(const large_page_allocator<U>&) const noexcept { return true; }

 private:
  static constexpr std::size_t alignment(std::size_t bytes) {
    const std::size_t a = bytes < threshold ? line : huge_page;
    return a < alignof(T) ? alignof(T) : a;
  }
  static constexpr std::size_t round_up(std::size_t bytes) { return (bytes + huge_page - 1) / huge_page * huge_page; }
};

}  // namespace lilucb::bandit::detail
