// Pattern: producer/consumer, two condition variables — producers wait on not_full,
// consumers on not_empty, and each side signals the other.
// expect: buf[] race-free
// expect: count race-free
// expect: in race-free
// expect: out race-free
// why: every access to the buffer and its indices holds buf_lock (pthread_cond_wait gives it
//   up only while blocked and takes it back before returning).
// racy-twin: prodcons_unlocked_check.c
// mutant-skip: 29 only the one producer touches in
// mutant-skip: 41 only the one consumer touches out
#include <pthread.h>
#include <stdio.h>

#define SIZE 8

static int buf[SIZE];
static int count, in, out;
static pthread_mutex_t buf_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

static void put (int item)
{
  pthread_mutex_lock (&buf_lock);
  while (count == SIZE)
    pthread_cond_wait (&not_full, &buf_lock);
  buf[in] = item;
  in = (in + 1) % SIZE;
  count++;
  pthread_cond_signal (&not_empty);
  pthread_mutex_unlock (&buf_lock);
}

static int get (void)
{
  pthread_mutex_lock (&buf_lock);
  while (count == 0)
    pthread_cond_wait (&not_empty, &buf_lock);
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
