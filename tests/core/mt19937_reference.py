#!/usr/bin/env python3
# Where the pinned seed-replay vectors of tests/core/dice_test.cc come from: an
# implementation of MT19937 (Matsumoto & Nishimura, init_genrand) and of Boost 1.74's
# uniform_int_distribution (boost/random/uniform_int_distribution.hpp,
# generate_uniform_int: the bucket method for a 32-bit engine) written apart from
# umpire's code. Run it with python3 and compare with the test; it is not part of CI
# (a fresh Debian has no python3).
class MT:
    def __init__(self, seed):
        self.mt=[0]*624; self.mt[0]=seed & 0xffffffff
        for i in range(1,624):
            self.mt[i]=(1812433253*(self.mt[i-1]^(self.mt[i-1]>>30))+i)&0xffffffff
        self.i=624
    def __call__(self):
        if self.i>=624:
            for k in range(624):
                y=(self.mt[k]&0x80000000)|(self.mt[(k+1)%624]&0x7fffffff)
                self.mt[k]=self.mt[(k+397)%624]^(y>>1)^(0x9908b0df if y&1 else 0)
            self.i=0
        y=self.mt[self.i]; self.i+=1
        y^=y>>11; y^=(y<<7)&0x9d2c5680; y^=(y<<15)&0xefc60000; y^=y>>18
        return y&0xffffffff
def face(eng, sides):
    brange=0xffffffff; rng=sides-1
    bucket=brange//(rng+1)
    if brange%(rng+1)==rng: bucket+=1
    while True:
        r=eng()//bucket
        if r<=rng: return r+1
import sys
for seed,sides,n in [(42,6,10),(42,10,10),(42,100,10),(7,20,10),(7,4,10),(7,8,10),(7,12,10)]:
    e=MT(seed); print(seed, sides, [face(e,sides) for _ in range(n)])
e=MT(42); print("2d6 seed 42", [face(e,6)+face(e,6) for _ in range(10)])
