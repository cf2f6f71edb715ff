// The size of a variable-length array type is evaluated, and so reads its variables
// (sizeof (int[n]), int buf[n], a typedef of such a type, a pointer to one, a cast to
// one, typeof of one): here every reader holds the lock the resizer changes the sizes
// under.
// mutant-skip: 38 it declares the typedef name line, used later in the section
// mutant-skip: 39 equivalent: a VLA typedef's size is evaluated at the typedef, not at its uses
// mutant-skip: 43 equivalent: sizeof of a VLA object reads no variable of its size
// expect: rows race-free
// expect: cols race-free
// expect: depth race-free
// expect: width race-free
// expect: height race-free
// expect: span race-free
// expect: pool[] race-free
#include <pthread.h>
#include <stddef.h>
#include <string.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int rows = 4, cols = 4, depth = 2, width = 8, height = 8, span = 3;
char pool[1024];

static void *
resizer (void *arg)
{
  pthread_mutex_lock (&lock);
  rows++, cols++, depth++, width++, height++, span++;
  pthread_mutex_unlock (&lock);
  return arg;
}

static void *
reader (void *arg)
{
  pthread_mutex_lock (&lock);
  size_t n = sizeof (int[rows]);        /* sizeof of a VLA type */
  char buf[cols];                       /* a VLA declaration */
  typedef char line[depth];             /* a VLA typedef */
  line *first = (line *) pool;
  char (*grid)[width] = (void *) pool;  /* a pointer to a VLA */
  void *p = (char (*)[height]) pool;    /* a cast to one */
  __typeof__ (char[span]) *q = (void *) pool;  /* typeof of one */
  memset (buf, 0, sizeof buf);
  pthread_mutex_unlock (&lock);
  return (char *) arg + n + (*first)[0] + grid[0][0] + (p != NULL) + (q != NULL) + buf[0];
}

int
main (void)
{
  pthread_t t;
  for (int i = 0; i < 2; i++)
    {
      pthread_create (&t, NULL, resizer, NULL);
      pthread_create (&t, NULL, reader, NULL);
    }
  return 0;
}
