# 0 "tests/c-programs/counter.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "tests/c-programs/counter.c"
# 1 "/usr/include/pthread.h" 1 3 4
typedef unsigned long int pthread_t;
typedef union pthread_attr_t pthread_attr_t;
extern int pthread_create (pthread_t *__restrict __newthread,
                           const pthread_attr_t *__restrict __attr,
                           void *(*__start_routine) (void *),
                           void *__restrict __arg) __attribute__ ((__nothrow__)) __attribute__ ((__nonnull__ (1, 3)));
# 5 "tests/c-programs/counter.c" 2
int counter;

static void *inc (void *arg)
{
  (void) arg;
  counter = counter + 1;
  return ((void *)0);
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, ((void *)0), inc, ((void *)0));
  return 0;
}
