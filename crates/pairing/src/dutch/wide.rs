//! Wide unsigned integers for the matching's edge weights: every pairing criterion is a
//! field of bits in one number, so that maximising the sum maximises the criteria in
//! order. Fixed size, no allocation: the matching does millions of additions.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// What the matching needs of a weight.
pub trait Weight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> + std::fmt::Debug {
    const BITS: u32;
    fn zero() -> Self;
    fn one() -> Self;
    fn is_zero(&self) -> bool;
    fn is_odd(&self) -> bool;
    fn half(self) -> Self;
    fn from_bits(bits: &Bits) -> Self;
}

/// A weight under construction: fields appended from the most significant down.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bits {
    /// Little-endian 64-bit limbs.
    pub limbs: Vec<u64>,
}

impl Bits {
    pub fn with_width(bits: u32) -> Self {
        Bits {
            limbs: vec![0; (bits as usize).div_ceil(64).max(1)],
        }
    }

    /// Adds `value << shift`.
    pub fn add_at(&mut self, shift: u32, value: u64) {
        let limb = (shift / 64) as usize;
        let offset = shift % 64;
        let wide = u128::from(value) << offset;
        let mut carry = 0u128;
        let mut index = limb;
        let mut addend = wide;
        while (addend != 0 || carry != 0) && index < self.limbs.len() {
            let sum = u128::from(self.limbs[index]) + (addend & u128::from(u64::MAX)) + carry;
            self.limbs[index] = sum as u64;
            carry = sum >> 64;
            addend >>= 64;
            index += 1;
        }
        debug_assert!(addend == 0 && carry == 0, "weight overflow");
    }
}

impl Weight for u128 {
    const BITS: u32 = 128;
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn is_odd(&self) -> bool {
        *self & 1 == 1
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn from_bits(bits: &Bits) -> Self {
        let low = bits.limbs.first().copied().unwrap_or(0);
        let high = bits.limbs.get(1).copied().unwrap_or(0);
        debug_assert!(bits.limbs.iter().skip(2).all(|&l| l == 0));
        u128::from(low) | (u128::from(high) << 64)
    }
}

/// `N` little-endian limbs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for index in (0..N).rev() {
            match self.0[index].cmp(&other.0[index]) {
                Ordering::Equal => continue,
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (index, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[index].overflowing_add(other.0[index]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    #[inline]
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (index, slot) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[index].overflowing_sub(other.0[index]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            *slot = diff;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const N: usize> Weight for Wide<N> {
    const BITS: u32 = 64 * N as u32;
    fn zero() -> Self {
        Wide([0; N])
    }
    fn one() -> Self {
        let mut out = [0; N];
        out[0] = 1;
        Wide(out)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }
    fn is_odd(&self) -> bool {
        self.0[0] & 1 == 1
    }
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (index, slot) in out.iter_mut().enumerate() {
            let high = if index + 1 < N {
                self.0[index + 1] << 63
            } else {
                0
            };
            *slot = (self.0[index] >> 1) | high;
        }
        Wide(out)
    }
    fn from_bits(bits: &Bits) -> Self {
        let mut out = [0u64; N];
        for (slot, &limb) in out.iter_mut().zip(&bits.limbs) {
            *slot = limb;
        }
        debug_assert!(bits.limbs.iter().skip(N).all(|&l| l == 0));
        Wide(out)
    }
}
