// Pattern: many producers and many consumers — a bounded buffer shared by NPROD producer
// and NCONS consumer threads; consumers tally what they take under the same lock.
// expect: buf[] race-free
// expect: count race-free
// expect: in race-free
// expect: out race-free
// expect: consumed race-free
// why: the buffer, its indices and the tally are only touched with buf_lock held, by any
//   number of threads; the consumers run forever and main reads the tally under the lock.
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define SIZE 16
#define NPROD 3
#define NCONS 2

static int buf[SIZE];
static int count, in, out;
static long consumed;
static pthread_mutex_t buf_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

static void *producer (void *arg)
{
  int id = (int) (long) arg;
  for (int i = 0; i < 1000; i++)
    {
      pthread_mutex_lock (&buf_lock);
      while (count == SIZE)
        pthread_cond_wait (&not_full, &buf_lock);
      buf[in] = id * 1000 + i;
      in = (in + 1) % SIZE;
      count++;
      pthread_cond_signal (&not_empty);
      pthread_mutex_unlock (&buf_lock);
    }
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&buf_lock);
      while (count == 0)
        pthread_cond_wait (&not_empty, &buf_lock);
      int item = buf[out];
      out = (out + 1) % SIZE;
      count--;
      consumed++;
      pthread_cond_signal (&not_full);
      pthread_mutex_unlock (&buf_lock);
      if (item < 0)
        break;
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long i = 0; i < NPROD; i++)
    pthread_create (&t, NULL, producer, (void *) i);
  for (long i = 0; i < NCONS; i++)
    pthread_create (&t, NULL, consumer, NULL);
  for (;;)
    {
      sleep (1);
      pthread_mutex_lock (&buf_lock);
      printf ("%ld items consumed\n", consumed);
      pthread_mutex_unlock (&buf_lock);
    }
}
