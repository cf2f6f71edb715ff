// A bounded buffer module: each buffer has its own mutex and two condition
// variables; producers wait while it is full, consumers while it is empty (in
// while-loops). After buffer_init ran alone (on the buffers it is given), any number
// of client threads call put and get on any buffers.
// args: --init buffer_init --entry buffer_put --entry buffer_get
// expect: struct buffer.slots[] race-free
// expect: struct buffer.count race-free
// expect: struct buffer.in race-free
// expect: struct buffer.out race-free
#include <pthread.h>

#define SIZE 4

struct buffer
{
  pthread_mutex_t lock;
  pthread_cond_t not_full, not_empty;
  int slots[SIZE];
  int count, in, out;
};

void
buffer_init (struct buffer *b)
{
  pthread_mutex_init (&b->lock, NULL);
  pthread_cond_init (&b->not_full, NULL);
  pthread_cond_init (&b->not_empty, NULL);
  b->count = b->in = b->out = 0;
}

void
buffer_put (struct buffer *b, int v)
{
  pthread_mutex_lock (&b->lock);
  while (b->count == SIZE)
    pthread_cond_wait (&b->not_full, &b->lock);
  b->slots[b->in] = v;
  b->in = (b->in + 1) % SIZE;
  b->count++;
  pthread_cond_signal (&b->not_empty);
  pthread_mutex_unlock (&b->lock);
}

int
buffer_get (struct buffer *b)
{
  pthread_mutex_lock (&b->lock);
  while (b->count == 0)
    pthread_cond_wait (&b->not_empty, &b->lock);
  int v = b->slots[b->out];
  b->out = (b->out + 1) % SIZE;
  b->count--;
  pthread_cond_signal (&b->not_full);
  pthread_mutex_unlock (&b->lock);
  return v;
}
