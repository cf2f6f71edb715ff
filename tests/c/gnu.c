/* gnu.c: every GNU extension and C11 feature the C front end reads, at least once. */
#include <stddef.h>
#include <stdarg.h>
__extension__ typedef unsigned long long u64;
struct __attribute__((packed)) P { char c; int i __attribute__((aligned(4))); } __attribute__((aligned(8)));
extern int renamed(void) __asm__("real_name") __attribute__((nothrow));
static __inline__ int inl(int *__restrict p, const int *__restrict__ q) { return *p + *q; }
__const int cst = 1;
int __volatile__ vol;
__signed__ char sc;
typeof(cst) t1; __typeof__(int *) t2; __typeof(vol) t3;
_Float128 f128; _Float64 f64; _Float32 f32; _Float64x f64x; _Float32x f32x; __float128 fq; __int128 i128; unsigned __int128 u128;
__builtin_va_list vl;
int sum(int n, ...) { va_list ap; va_start(ap, n); int s = __builtin_va_arg(ap, int); va_end(ap); return s; }
size_t off = __builtin_offsetof(struct P, i);
size_t off2 = offsetof(struct P, c);
int compat = __builtin_types_compatible_p(int, long);
int arr[10] = { [0] = 1, [2 ... 5] = 7, [9] = 2 };
struct Q { int a, b; } qv = { .b = 1, .a = 2 };
int *cl = (int []){ 1, 2, 3 };
_Static_assert(sizeof(int) == 4, "int");
_Atomic int ai; _Atomic(long) al; _Atomic(int *) aip;
_Alignas(16) char buf[16]; _Alignas(long) char buf2[8];
size_t al1 = _Alignof(long); size_t al2 = __alignof__(double);
_Noreturn void die(void);
#define TYPENAME(x) _Generic((x), int: "int", default: "other")
const char *tn = TYPENAME(1);
_Bool b; _Complex double cd; __complex__ float cf;
_Thread_local int tl; __thread int tl2;
struct Empty {} empty;
int gnu(int x) {
  __label__ out;
  int y = ({ int z = x; z * 2; });
  void *p = &&out;
  __auto_type w = y;
  double _Complex c = 1.0;
  double re = __real__ c, im = __imag__ c;
  switch (x) { case 1 ... 5: y++; break; default: break; }
  asm volatile ("nop" : "=r" (y) : "r" (x), [sym] "m" (w) : "memory", "cc");
  __asm__ __volatile__ ("" ::: "memory");
  asm ("mov %1, %0" : "=r"(y) : "r"(x));
  if (x) goto *p;
  lbl: __attribute__((unused));
 out:
  x = x ?: 1;
  return y + (int) re + (int) im + x;
}
