// deadlock_inventory_orders_fixed.c: A restocker and a shipper both lock the inventory before the order book, so all threads take the two locks in one global order and no thread can wait for a lock held by a thread that waits for it.
// expect: stock race-free
// expect: shipped race-free
// expect: pending race-free
// racy-twin: deadlock_inventory_orders.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t inventory_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t orders_lock = PTHREAD_MUTEX_INITIALIZER;

static int stock = 50;      /* guarded by inventory_lock */
static int pending = 0;     /* guarded by orders_lock */
static int shipped = 0;     /* guarded by orders_lock */

static void acquire(pthread_mutex_t *m) { pthread_mutex_lock(m); }
static void release(pthread_mutex_t *m) { pthread_mutex_unlock(m); }

static void *restocker(void *arg)
{
    (void)arg;
    for (int round = 0; round < 1000; round++) {
        acquire(&inventory_lock);
        acquire(&orders_lock);
        if (pending > stock)
            stock += 10;
        release(&orders_lock);
        release(&inventory_lock);
    }
    return NULL;
}

static void *shipper(void *arg)
{
    (void)arg;
    for (int round = 0; round < 1000; round++) {
        /* lock order: inventory_lock before orders_lock, everywhere */
        acquire(&inventory_lock);
        acquire(&orders_lock);
        pending++;
        if (stock > 0) {
            stock--;
            pending--;
            shipped++;
        }
        release(&orders_lock);
        release(&inventory_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t r, s;

    pthread_create(&r, NULL, restocker, NULL);
    pthread_create(&s, NULL, shipper, NULL);
    pthread_join(r, NULL);
    pthread_join(s, NULL);
    printf("stock %d, shipped %d, pending %d\n", stock, shipped, pending);
    return 0;
}
