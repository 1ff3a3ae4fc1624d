//! A fixed-size, zero-initialised array for the transposition table, aligned
//! to 2 MiB and, on Linux, backed by transparent huge pages where the
//! system allows them (`madvise`). A table of many megabytes probed at
//! random misses the TLB on nearly every probe with 4 KiB pages; with 2 MiB
//! pages a 16 MB table needs eight TLB entries instead of 4,096.

use std::alloc::{Layout, alloc, dealloc};
use std::ops::Deref;
use std::ptr::NonNull;

const HUGE_PAGE: usize = 2 << 20;

/// Types for which all-zero bytes are a valid value.
///
/// # Safety
/// An implementor must be valid (and meaningful) when every byte is zero,
/// as atomics and integers are.
pub(crate) unsafe trait Zeroable {}

/// `len` values of `T`, every byte zero at creation.
pub(crate) struct ZeroedBuffer<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: the buffer owns its values like a `Box<[T]>` does.
unsafe impl<T: Zeroable + Send> Send for ZeroedBuffer<T> {}
// SAFETY: only shared references to the values are handed out.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedBuffer<T> {}

impl<T: Zeroable> ZeroedBuffer<T> {
    /// `len` zeroed values (at least one), or `None` if the memory cannot be had.
    pub(crate) fn try_new(len: usize) -> Option<Self> {
        let len = len.max(1);
        let bytes = len.checked_mul(size_of::<T>())?;
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE.max(align_of::<T>())
        } else {
            align_of::<T>()
        };
        let layout = Layout::from_size_align(bytes, align).ok()?;
        if layout.size() == 0 {
            return None;
        }
        // SAFETY: `layout` has a non-zero size.
        let raw = unsafe { alloc(layout) };
        let ptr = NonNull::new(raw.cast::<T>())?;
        // The advice must come before the first touch: pages already
        // faulted in stay small.
        advise_huge_pages(raw, bytes);
        // SAFETY: `raw` is a fresh allocation of `bytes` bytes.
        unsafe { raw.write_bytes(0, bytes) };
        Some(ZeroedBuffer { ptr, len, layout })
    }
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(raw: *mut u8, bytes: usize) {
    if bytes >= HUGE_PAGE {
        // SAFETY: the range is one live allocation of `bytes` bytes, aligned to
        // a page; the advice changes only how the kernel backs it.
        // A refusal (huge pages off) leaves ordinary pages, which is correct.
        unsafe {
            libc::madvise(raw.cast(), bytes, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_raw: *mut u8, _bytes: usize) {}

impl<T: Zeroable> Deref for ZeroedBuffer<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` values of `T`, valid because `T: Zeroable`
        // and the memory was zeroed; it lives until `drop`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for ZeroedBuffer<T> {
    fn drop(&mut self) {
        // SAFETY: `ptr` was allocated with `layout` and is freed once. The
        // values need no drop of their own (`Zeroable` types are plain data).
        unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[repr(align(64))]
    struct Line([AtomicU64; 8]);
    // SAFETY: atomics are valid at zero.
    unsafe impl Zeroable for Line {}

    #[test]
    fn a_large_buffer_is_zeroed_and_aligned_to_a_huge_page() {
        let buffer = ZeroedBuffer::<Line>::try_new(3 << 15).unwrap();
        assert_eq!(buffer.len(), 3 << 15);
        assert_eq!(buffer.as_ptr() as usize % HUGE_PAGE, 0);
        assert!(
            buffer
                .iter()
                .all(|l| l.0.iter().all(|w| w.load(Relaxed) == 0))
        );
        buffer[5].0[3].store(7, Relaxed);
        assert_eq!(buffer[5].0[3].load(Relaxed), 7);
    }

    #[test]
    fn a_small_buffer_keeps_its_types_alignment() {
        let buffer = ZeroedBuffer::<Line>::try_new(0).unwrap();
        assert_eq!(buffer.len(), 1);
        assert_eq!(buffer.as_ptr() as usize % 64, 0);
    }
}
