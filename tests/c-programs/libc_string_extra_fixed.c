// String functions the library table knows (stpcpy, mempcpy, strpbrk, strchrnul):
// each reads and writes only through its own arguments, and a pointer strpbrk or
// strchrnul returns points into its first argument. The workers cut the line at the
// first separator holding the lock that main's stpcpy and mempcpy hold, so line[] is
// race-free. The name, written only by main before the workers start, is not touched
// by the stores through the returned pointers.
// expect: line[] race-free
// expect: name[] race-free
#define _GNU_SOURCE
#include <pthread.h>
#include <stddef.h>
#include <string.h>

char line[64];
char name[16];
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *cut (void *arg)
{
  pthread_mutex_lock (&lock);
  char *sep = strpbrk (line, ",;");
  if (sep)
    *sep = '\0';
  char *end = strchrnul (line, ' ');
  *end = '\0';
  pthread_mutex_unlock (&lock);
  return arg;
}

int main (void)
{
  pthread_t t;
  char *p = stpcpy (name, "worker");
  *p = '\0';
  pthread_create (&t, NULL, cut, NULL);
  pthread_mutex_lock (&lock);
  char *q = mempcpy (line, "a,b c", 5);
  *q = '\0';
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  return 0;
}
