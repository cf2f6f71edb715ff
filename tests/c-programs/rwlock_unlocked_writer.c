// Readers and a writer use the rwlock, but the reset writes the table without it:
// it runs while a reader holds the read lock and reads.
// expect: table[] race-free
// expect: size RACE
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int table[16];
int size;

static void *reader (void *arg)
{
  int key = (int) (long) arg, found = -1;
  pthread_rwlock_rdlock (&rw);
  for (int i = 0; i < size; i++)
    if (table[i] == key)
      found = i;
  pthread_rwlock_unlock (&rw);
  return (void *) (long) found;
}

static void *writer (void *arg)
{
  pthread_rwlock_wrlock (&rw);
  if (size < 16)
    table[size++] = (int) (long) arg;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

static void *reset (void *arg)
{
  (void) arg;
  size = 0;
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    {
      pthread_create (&t, NULL, reader, (void *) 1L);
      pthread_create (&t, NULL, writer, (void *) 2L);
      pthread_create (&t, NULL, reset, NULL);
    }
  return 0;
}
