// Pattern: producer/consumer with the emptiness test outside the lock — the consumer polls
// `count` before taking the lock, to avoid locking an empty buffer.
// expect: buf[] race-free
// expect: count RACE
// expect: in race-free
// expect: out race-free
// why: the consumer's unlocked read of count can happen while the producer, holding
//   buf_lock, writes count. The buffer itself and the indices are only touched under the
//   lock, so they do not race (the consumer may still take from an empty buffer: a logic
//   bug, not a data race on buf).
// fixed-twin: prodcons_two_conds.c
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

#define SIZE 8

static int buf[SIZE];
static int count, in, out;
static pthread_mutex_t buf_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;

static void put (int item)
{
  pthread_mutex_lock (&buf_lock);
  while (count == SIZE)
    pthread_cond_wait (&not_full, &buf_lock);
  buf[in] = item;
  in = (in + 1) % SIZE;
  count++;
  pthread_mutex_unlock (&buf_lock);
}

static int get (void)
{
  while (count == 0)
    sched_yield ();
  pthread_mutex_lock (&buf_lock);
  int item = buf[out];
  out = (out + 1) % SIZE;
  count--;
  pthread_cond_signal (&not_full);
  pthread_mutex_unlock (&buf_lock);
  return item;
}

static void *producer (void *arg)
{
  (void) arg;
  for (int i = 0; i < 1000; i++)
    put (i);
  put (-1);
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  long sum = 0;
  for (int item; (item = get ()) >= 0;)
    sum += item;
  printf ("sum %ld\n", sum);
  return NULL;
}

int main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
