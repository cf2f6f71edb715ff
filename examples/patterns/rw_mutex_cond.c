// Pattern: readers/writers with a mutex and a condition variable — readers register in a
// count, a writer waits until no reader is registered and no writer is active; the data
// itself is read and written outside the mutex.
// expect: readers race-free
// expect: writing race-free
// expect: snapshot race-free
// known-gap: snapshot RACE: the protocol rests on the values of readers and writing, which the
//   model abstracts away (conditions become nondeterministic branches)
// why: readers and writing are only touched under state_lock. A reader reads snapshot only
//   between registering (readers > 0) and leaving; a writer writes it only after waiting,
//   under the lock, until readers == 0 and !writing, and it sets writing before releasing
//   the lock, so no reader registers (it waits for !writing) and no writer enters meanwhile.
// racy-twin: rw_mutex_cond_racy.c
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t state_changed = PTHREAD_COND_INITIALIZER;
static int readers, writing;
static long snapshot;

static void read_begin (void)
{
  pthread_mutex_lock (&state_lock);
  while (writing)
    pthread_cond_wait (&state_changed, &state_lock);
  readers++;
  pthread_mutex_unlock (&state_lock);
}

static void read_end (void)
{
  pthread_mutex_lock (&state_lock);
  if (--readers == 0)
    pthread_cond_broadcast (&state_changed);
  pthread_mutex_unlock (&state_lock);
}

static void write_begin (void)
{
  pthread_mutex_lock (&state_lock);
  while (writing || readers > 0)
    pthread_cond_wait (&state_changed, &state_lock);
  writing = 1;
  pthread_mutex_unlock (&state_lock);
}

static void write_end (void)
{
  pthread_mutex_lock (&state_lock);
  writing = 0;
  pthread_cond_broadcast (&state_changed);
  pthread_mutex_unlock (&state_lock);
}

static void *reader (void *arg)
{
  (void) arg;
  for (;;)
    {
      read_begin ();
      long v = snapshot;
      read_end ();
      if (v % 1000 == 0)
        printf ("snapshot %ld\n", v);
    }
  return NULL;
}

static void *writer (void *arg)
{
  (void) arg;
  for (;;)
    {
      write_begin ();
      snapshot++;
      write_end ();
      usleep (100);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 4; i++)
    pthread_create (&t, NULL, reader, NULL);
  for (int i = 0; i < 2; i++)
    pthread_create (&t, NULL, writer, NULL);
  pthread_join (t, NULL);
  return 0;
}
