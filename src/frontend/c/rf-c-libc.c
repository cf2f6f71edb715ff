/* rf-c-libc: the table of known library functions and its lookup (see rf-c-libc.h).
 *
 * One row per function. The lookup builds a hash table of the rows once; names that
 * are not rows go through the builtin and atomic rules of rf_c_libc_lookup, which return one of the static rows at the end. NC, CB, TU,
 * CANCELS, NOT_WITH_CANCEL and MUTEX_TYPE abbreviate the flags; R is a row, W a row
 * with a reason, X an unsupported function. */
#include "rf-c-libc.h"

#include <string.h>

enum {
  NC = RF_C_LIBC_NO_CANCEL, CB = RF_C_LIBC_CALLS_BACK, TU = RF_C_LIBC_THREAD_UNSAFE, CANCELS = RF_C_LIBC_CANCELS,
  NOT_WITH_CANCEL = RF_C_LIBC_NOT_WITH_CANCEL, MUTEX_TYPE = RF_C_LIBC_MUTEX_TYPE,
};

#define R(name, effect, pointers, flags) { name, RF_C_LIBC_##effect, RF_C_LIBC_PTS_##pointers, flags, NULL, NULL }
#define W(name, effect, pointers, flags, why) { name, RF_C_LIBC_##effect, RF_C_LIBC_PTS_##pointers, flags, NULL, why }
#define X(name, flags, family, why) { name, RF_C_LIBC_UNSUPPORTED, RF_C_LIBC_PTS_OTHER, flags, family, why }
#define JUMP "a non-local jump: the model cannot follow where it goes"
#define FORK "the model has one process: it cannot follow the child"

static const RfCLibcFunc table[] = {
  /* no memory effect */
  R ("putchar", PURE, OTHER, 0),
  R ("abs", PURE, OTHER, 0),
  R ("labs", PURE, OTHER, 0),
  R ("strerror", PURE, PRIVATE, TU),
  R ("fdopen", PURE, PRIVATE, 0),
  R ("fclose", PURE, OTHER, 0),
  R ("feof", PURE, OTHER, 0),
  R ("ferror", PURE, OTHER, 0),
  R ("fileno", PURE, OTHER, 0),
  R ("close", PURE, OTHER, 0),
  R ("isatty", PURE, OTHER, 0),
  R ("pthread_cancel", PURE, OTHER, NC | CANCELS),
  R ("pthread_testcancel", PURE, OTHER, 0),
  R ("pthread_setcancelstate", PURE, OTHER, NC),
  R ("__sigsetjmp_cancel", PURE, OTHER, NC),
  W ("__pthread_register_cancel", PURE, OTHER, NC | NOT_WITH_CANCEL, "pthread_cleanup_push handlers"),
  R ("__pthread_unregister_cancel", PURE, OTHER, NC),
  R ("__pthread_unwind_next", PURE, OTHER, NC),
  R ("pthread_kill", PURE, OTHER, NC),
  R ("raise", PURE, OTHER, 0),
  R ("kill", PURE, OTHER, 0),
  R ("alarm", PURE, OTHER, 0),
  R ("pause", PURE, OTHER, 0),
  R ("pthread_key_delete", PURE, OTHER, NC),
  R ("pthread_getspecific", PURE, GETSPECIFIC, NC),
  R ("pthread_setspecific", PURE, SETSPECIFIC, NC),
  R ("toupper", PURE, OTHER, 0),
  R ("tolower", PURE, OTHER, 0),
  R ("isalpha", PURE, OTHER, 0),
  R ("isspace", PURE, OTHER, 0),
  R ("isdigit", PURE, OTHER, 0),
  R ("isalnum", PURE, OTHER, 0),
  R ("sleep", PURE, OTHER, 0),
  R ("usleep", PURE, OTHER, 0),
  R ("nanosleep", PURE, OTHER, 0),
  R ("sched_yield", PURE, OTHER, 0),
  R ("pthread_self", PURE, OTHER, NC),
  R ("pthread_equal", PURE, OTHER, NC),
  R ("rand", PURE, OTHER, TU),
  R ("srand", PURE, OTHER, TU),
  R ("__builtin_expect", PURE, OTHER, NC),
  R ("pthread_yield", PURE, OTHER, NC),
  R ("pthread_attr_init", PURE, OTHER, NC),
  R ("pthread_attr_destroy", PURE, OTHER, NC),
  R ("pthread_attr_setdetachstate", PURE, OTHER, NC),
  R ("pthread_attr_setstacksize", PURE, OTHER, NC),
  R ("pthread_detach", PURE, OTHER, NC),
  R ("getpid", PURE, OTHER, 0),
  R ("__errno_location", PURE, PRIVATE, 0),
  R ("pthread_mutex_init", PURE, OTHER, NC),
  R ("pthread_mutex_destroy", PURE, OTHER, NC),
  R ("pthread_mutexattr_init", PURE, OTHER, NC),
  R ("pthread_mutexattr_destroy", PURE, OTHER, NC),
  R ("pthread_mutexattr_settype", PURE, OTHER, NC | MUTEX_TYPE),
  R ("pthread_cond_init", PURE, OTHER, NC),
  R ("pthread_cond_destroy", PURE, OTHER, NC),
  R ("pthread_rwlockattr_init", PURE, OTHER, NC),
  R ("pthread_rwlockattr_destroy", PURE, OTHER, NC),
  R ("pthread_rwlock_init", PURE, OTHER, NC),
  R ("pthread_rwlock_destroy", PURE, OTHER, NC),
  R ("pthread_spin_init", PURE, OTHER, NC),
  R ("pthread_spin_destroy", PURE, OTHER, NC),
  R ("sem_destroy", PURE, OTHER, 0),
  R ("pthread_barrier_init", PURE, OTHER, NC),
  R ("pthread_barrier_destroy", PURE, OTHER, NC),
  R ("assume_aligned", PURE, RET0, 0),
  /* reads through their pointer arguments */
  R ("strlen", READS, OTHER, 0),
  R ("strnlen", READS, OTHER, 0),
  R ("strcmp", READS, OTHER, 0),
  R ("strncmp", READS, OTHER, 0),
  R ("memcmp", READS, OTHER, 0),
  R ("strchr", READS, RET0, 0),
  R ("strrchr", READS, RET0, 0),
  R ("strstr", READS, RET0, 0),
  R ("memchr", READS, RET0, 0),
  R ("printf", READS, OTHER, 0),
  R ("fprintf", READS, OTHER, 0),
  R ("dprintf", READS, OTHER, 0),
  R ("vprintf", READS, OTHER, 0),
  R ("vfprintf", READS, OTHER, 0),
  R ("puts", READS, OTHER, 0),
  R ("fputs", READS, OTHER, 0),
  R ("fputc", READS, OTHER, 0),
  R ("putc", READS, OTHER, 0),
  R ("perror", READS, OTHER, 0),
  R ("fflush", READS, OTHER, 0),
  R ("atoi", READS, OTHER, 0),
  R ("atol", READS, OTHER, 0),
  R ("atof", READS, OTHER, 0),
  R ("getenv", READS, PRIVATE, TU),
  R ("fopen", READS, PRIVATE, 0),
  R ("fwrite", READS, OTHER, 0),
  R ("write", READS, OTHER, 0),
  R ("pwrite", READS, OTHER, 0),
  R ("send", READS, OTHER, 0),
  R ("strcasecmp", READS, OTHER, 0),
  R ("strncasecmp", READS, OTHER, 0),
  R ("strspn", READS, OTHER, 0),
  R ("strcspn", READS, OTHER, 0),
  R ("sigismember", READS, OTHER, 0),
  R ("strpbrk", READS, RET0, 0),
  R ("memrchr", READS, RET0, 0),
  R ("rawmemchr", READS, RET0, 0),
  R ("strchrnul", READS, RET0, 0),
  /* write through the first argument */
  R ("memcpy", WRITE0, COPY, 0),
  R ("memmove", WRITE0, COPY, 0),
  R ("strcpy", WRITE0, BYTES0, 0),
  R ("strncpy", WRITE0, BYTES0, 0),
  R ("strcat", WRITE0, BYTES0, 0),
  R ("strncat", WRITE0, BYTES0, 0),
  R ("sprintf", WRITE0, BYTES0, 0),
  R ("snprintf", WRITE0, BYTES0, 0),
  R ("vsprintf", WRITE0, BYTES0, 0),
  R ("vsnprintf", WRITE0, BYTES0, 0),
  R ("fgets", WRITE0, RET0, 0),
  R ("fread", WRITE0, OTHER, 0),
  R ("strftime", WRITE0, OTHER, 0),
  R ("rand_r", WRITE0, OTHER, 0),
  R ("mempcpy", WRITE0, COPY, 0),
  R ("stpcpy", WRITE0, BYTES0, 0),
  R ("stpncpy", WRITE0, BYTES0, 0),
  R ("memset", WRITE0_ONLY, SET, 0),
  R ("bzero", WRITE0_ONLY, SET, 0),
  R ("pipe", WRITE0_ONLY, OTHER, 0),
  R ("gettimeofday", WRITE0_ONLY, OTHER, 0),
  R ("sigemptyset", WRITE0_ONLY, OTHER, 0),
  R ("sigfillset", WRITE0_ONLY, OTHER, 0),
  R ("sigaddset", WRITE0_ONLY, OTHER, 0),
  R ("sigdelset", WRITE0_ONLY, OTHER, 0),
  R ("time", WRITE0_ONLY, OTHER, 0),
  R ("explicit_bzero", WRITE0_ONLY, SET, 0),
  /* write through the second argument */
  R ("strtol", WRITE1, ENDPTR, 0),
  R ("strtoul", WRITE1, ENDPTR, 0),
  R ("strtoll", WRITE1, ENDPTR, 0),
  R ("strtoull", WRITE1, ENDPTR, 0),
  R ("strtod", WRITE1, ENDPTR, 0),
  R ("read", WRITE1, OTHER, 0),
  R ("pread", WRITE1, OTHER, 0),
  R ("recv", WRITE1, OTHER, 0),
  R ("clock_gettime", WRITE1, OTHER, 0),
  R ("localtime_r", WRITE1, OTHER, 0),
  R ("gmtime_r", WRITE1, OTHER, 0),
  R ("strerror_r", WRITE1, OTHER, 0),
  R ("sigwait", WRITE1, OTHER, 0),
  R ("strtof", WRITE1, ENDPTR, 0),
  R ("strtold", WRITE1, ENDPTR, 0),
  R ("strtoimax", WRITE1, ENDPTR, 0),
  R ("strtoumax", WRITE1, ENDPTR, 0),
  R ("strtok_r", STRTOK, STRTOK, 0),
  R ("pthread_sigmask", SCANF, OTHER, NC),
  R ("sigprocmask", SCANF, OTHER, 0),
  R ("scanf", SCANF, SCAN, 0),
  R ("sem_getvalue", SCANF, SCAN, 0),
  R ("fscanf", SSCANF, SSCAN, 0),
  R ("sscanf", SSCANF, SSCAN, 0),
  R ("qsort", SORT, OTHER, CB),
  R ("bsearch", SEARCH, OTHER, CB),
  /* memory */
  R ("malloc", ALLOC, ALLOC, 0),
  R ("calloc", ALLOC, ALLOC, 0),
  R ("strdup", ALLOC, ALLOC, 0),
  R ("strndup", ALLOC, ALLOC, 0),
  R ("aligned_alloc", ALLOC, ALLOC, 0),
  R ("realloc", REALLOC, REALLOC, 0),
  R ("reallocarray", REALLOC, REALLOC, 0),
  R ("free", FREE, OTHER, 0),
  /* control */
  R ("exit", EXIT, OTHER, NC),
  R ("_exit", EXIT, OTHER, NC),
  R ("_Exit", EXIT, OTHER, NC),
  R ("abort", EXIT, OTHER, NC),
  R ("pthread_exit", EXIT, OTHER, NC),
  R ("__assert_fail", EXIT, OTHER, NC),
  R ("__assert_perror_fail", EXIT, OTHER, NC),
  R ("__builtin_unreachable", EXIT, OTHER, NC),
  R ("__builtin_trap", EXIT, OTHER, NC),
  R ("atexit", AT_EXIT, OTHER, CB),
  R ("at_quick_exit", AT_EXIT, OTHER, CB),
  R ("on_exit", AT_EXIT, OTHER, CB),
  R ("signal", SIGNAL_HANDLER, OTHER, CB),
  R ("sigset", SIGNAL_HANDLER, OTHER, 0),
  R ("bsd_signal", SIGNAL_HANDLER, OTHER, 0),
  R ("sigaction", SIGACTION, OTHER, 0),
  /* threads */
  R ("pthread_create", CREATE, CREATE, NC),
  R ("pthread_join", JOIN, JOIN, 0),
  R ("pthread_key_create", KEY_CREATE, KEYCREATE, NC),
  R ("pthread_once", ONCE, OTHER, NC|CB),
  /* mutexes and spinlocks */
  R ("pthread_mutex_lock", LOCK, OTHER, NC),
  R ("pthread_spin_lock", LOCK, OTHER, NC),
  R ("pthread_mutex_unlock", UNLOCK, OTHER, NC),
  R ("pthread_spin_unlock", UNLOCK, OTHER, NC),
  R ("pthread_mutex_trylock", TRYLOCK, OTHER, NC),
  R ("pthread_spin_trylock", TRYLOCK, OTHER, NC),
  R ("pthread_mutex_timedlock", TRYLOCK, OTHER, NC),
  R ("pthread_mutex_clocklock", TRYLOCK, OTHER, NC),
  /* read-write locks */
  R ("pthread_rwlock_rdlock", RDLOCK, OTHER, NC),
  R ("pthread_rwlock_wrlock", WRLOCK, OTHER, NC),
  R ("pthread_rwlock_unlock", RWUNLOCK, OTHER, NC),
  R ("pthread_rwlock_tryrdlock", TRY_RDLOCK, OTHER, NC),
  R ("pthread_rwlock_timedrdlock", TRY_RDLOCK, OTHER, NC),
  R ("pthread_rwlock_clockrdlock", TRY_RDLOCK, OTHER, NC),
  R ("pthread_rwlock_trywrlock", TRY_WRLOCK, OTHER, NC),
  R ("pthread_rwlock_timedwrlock", TRY_WRLOCK, OTHER, NC),
  R ("pthread_rwlock_clockwrlock", TRY_WRLOCK, OTHER, NC),
  /* condition variables */
  R ("pthread_cond_wait", WAIT, OTHER, 0),
  R ("pthread_cond_timedwait", WAIT, OTHER, 0),
  R ("pthread_cond_signal", SIGNAL, OTHER, NC),
  R ("pthread_cond_broadcast", BROADCAST, OTHER, NC),
  /* semaphores */
  R ("sem_init", SEM_INIT, OTHER, 0),
  R ("sem_post", SEM_POST, OTHER, 0),
  R ("sem_wait", SEM_WAIT, OTHER, 0),
  R ("sem_trywait", SEM_TRYWAIT, OTHER, 0),
  R ("sem_timedwait", SEM_TRYWAIT, OTHER, 0),
  R ("sem_clockwait", SEM_TRYWAIT, OTHER, 0),
  /* synchronisation the model does not follow */
  R ("pthread_barrier_wait", NOSYNC, OTHER, NC),
  /* atomics */
  R ("__atomic_load_n", ATOMIC_LOAD, ATOMIC, NC),
  R ("atomic_load", ATOMIC_LOAD, ATOMIC, NC),
  R ("atomic_load_explicit", ATOMIC_LOAD, ATOMIC, NC),
  R ("__atomic_load", ATOMIC_LOAD_GENERIC, ATOMIC, NC),
  R ("__atomic_store_n", ATOMIC_STORE, ATOMIC, NC),
  R ("atomic_store", ATOMIC_STORE, ATOMIC, NC),
  R ("atomic_store_explicit", ATOMIC_STORE, ATOMIC, NC),
  R ("atomic_init", ATOMIC_STORE, ATOMIC, NC),
  R ("__atomic_store", ATOMIC_STORE_GENERIC, ATOMIC, NC),
  R ("atomic_thread_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("atomic_signal_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("__atomic_thread_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("__atomic_signal_fence", ATOMIC_FENCE, ATOMIC, NC),
  R ("__sync_synchronize", ATOMIC_FENCE, ATOMIC, NC),
  /* cannot be modelled */
  X ("setjmp", 0, "setjmp", JUMP),
  X ("_setjmp", 0, "setjmp", JUMP),
  X ("sigsetjmp", 0, "setjmp", JUMP),
  X ("__sigsetjmp", 0, "setjmp", JUMP),
  X ("longjmp", 0, "longjmp", JUMP),
  X ("siglongjmp", 0, "longjmp", JUMP),
  X ("_longjmp", 0, "longjmp", JUMP),
  X ("fork", 0, NULL, FORK),
  X ("vfork", 0, NULL, FORK),
  X ("__builtin_setjmp", NC, "setjmp", JUMP),
  X ("__builtin_longjmp", NC, "longjmp", JUMP),
  /* known for their flags or pointers only (the lowering takes them as code without a body) */
  W ("pthread_setcanceltype", UNMODELLED, UNKNOWN, NC | NOT_WITH_CANCEL, "pthread_setcanceltype (asynchronous cancellation)"),
  R ("vscanf", UNMODELLED, UNKNOWN, 0),
  R ("vfscanf", UNMODELLED, UNKNOWN, 0),
  R ("vsscanf", UNMODELLED, UNKNOWN, 0),
  R ("pthread_cond_clockwait", UNMODELLED, UNKNOWN, 0),
  R ("getopt", UNMODELLED, OTHER, TU),
  R ("getopt_long", UNMODELLED, OTHER, TU),
  R ("getopt_long_only", UNMODELLED, OTHER, TU),
  R ("asctime", UNMODELLED, UNKNOWN, TU),
  R ("basename", UNMODELLED, UNKNOWN, TU),
  R ("catgets", UNMODELLED, UNKNOWN, TU),
  R ("crypt", UNMODELLED, UNKNOWN, TU),
  R ("ctime", UNMODELLED, UNKNOWN, TU),
  R ("dbm_clearerr", UNMODELLED, UNKNOWN, TU),
  R ("dbm_close", UNMODELLED, UNKNOWN, TU),
  R ("dbm_delete", UNMODELLED, UNKNOWN, TU),
  R ("dbm_error", UNMODELLED, UNKNOWN, TU),
  R ("dbm_fetch", UNMODELLED, UNKNOWN, TU),
  R ("dbm_firstkey", UNMODELLED, UNKNOWN, TU),
  R ("dbm_nextkey", UNMODELLED, UNKNOWN, TU),
  R ("dbm_open", UNMODELLED, UNKNOWN, TU),
  R ("dbm_store", UNMODELLED, UNKNOWN, TU),
  R ("dirname", UNMODELLED, UNKNOWN, TU),
  R ("dlerror", UNMODELLED, UNKNOWN, TU),
  R ("drand48", UNMODELLED, UNKNOWN, TU),
  R ("encrypt", UNMODELLED, UNKNOWN, TU),
  R ("endgrent", UNMODELLED, UNKNOWN, TU),
  R ("endpwent", UNMODELLED, UNKNOWN, TU),
  R ("endutxent", UNMODELLED, UNKNOWN, TU),
  R ("ftw", UNMODELLED, UNKNOWN, TU),
  R ("getc_unlocked", UNMODELLED, UNKNOWN, TU),
  R ("getchar_unlocked", UNMODELLED, UNKNOWN, TU),
  R ("getdate", UNMODELLED, UNKNOWN, TU),
  R ("getgrent", UNMODELLED, UNKNOWN, TU),
  R ("getgrgid", UNMODELLED, UNKNOWN, TU),
  R ("getgrnam", UNMODELLED, UNKNOWN, TU),
  R ("gethostbyaddr", UNMODELLED, UNKNOWN, TU),
  R ("gethostbyname", UNMODELLED, UNKNOWN, TU),
  R ("gethostent", UNMODELLED, UNKNOWN, TU),
  R ("getlogin", UNMODELLED, UNKNOWN, TU),
  R ("getnetbyaddr", UNMODELLED, UNKNOWN, TU),
  R ("getnetbyname", UNMODELLED, UNKNOWN, TU),
  R ("getnetent", UNMODELLED, UNKNOWN, TU),
  R ("getprotobyname", UNMODELLED, UNKNOWN, TU),
  R ("getprotobynumber", UNMODELLED, UNKNOWN, TU),
  R ("getprotoent", UNMODELLED, UNKNOWN, TU),
  R ("getpwent", UNMODELLED, UNKNOWN, TU),
  R ("getpwnam", UNMODELLED, UNKNOWN, TU),
  R ("getpwuid", UNMODELLED, UNKNOWN, TU),
  R ("getservbyname", UNMODELLED, UNKNOWN, TU),
  R ("getservbyport", UNMODELLED, UNKNOWN, TU),
  R ("getservent", UNMODELLED, UNKNOWN, TU),
  R ("getutxent", UNMODELLED, UNKNOWN, TU),
  R ("getutxid", UNMODELLED, UNKNOWN, TU),
  R ("getutxline", UNMODELLED, UNKNOWN, TU),
  R ("gmtime", UNMODELLED, UNKNOWN, TU),
  R ("hcreate", UNMODELLED, UNKNOWN, TU),
  R ("hdestroy", UNMODELLED, UNKNOWN, TU),
  R ("hsearch", UNMODELLED, UNKNOWN, TU),
  R ("inet_ntoa", UNMODELLED, UNKNOWN, TU),
  R ("l64a", UNMODELLED, UNKNOWN, TU),
  R ("lgamma", UNMODELLED, UNKNOWN, TU),
  R ("lgammaf", UNMODELLED, UNKNOWN, TU),
  R ("lgammal", UNMODELLED, UNKNOWN, TU),
  R ("localeconv", UNMODELLED, UNKNOWN, TU),
  R ("localtime", UNMODELLED, UNKNOWN, TU),
  R ("lrand48", UNMODELLED, UNKNOWN, TU),
  R ("mrand48", UNMODELLED, UNKNOWN, TU),
  R ("nftw", UNMODELLED, UNKNOWN, TU),
  R ("nl_langinfo", UNMODELLED, UNKNOWN, TU),
  R ("ptsname", UNMODELLED, UNKNOWN, TU),
  R ("putc_unlocked", UNMODELLED, UNKNOWN, TU),
  R ("putchar_unlocked", UNMODELLED, UNKNOWN, TU),
  R ("putenv", UNMODELLED, UNKNOWN, TU),
  R ("pututxline", UNMODELLED, UNKNOWN, TU),
  R ("readdir", UNMODELLED, UNKNOWN, TU),
  R ("setenv", UNMODELLED, UNKNOWN, TU),
  R ("setgrent", UNMODELLED, UNKNOWN, TU),
  R ("setkey", UNMODELLED, UNKNOWN, TU),
  R ("setlocale", UNMODELLED, UNKNOWN, TU),
  R ("setpwent", UNMODELLED, UNKNOWN, TU),
  R ("setutxent", UNMODELLED, UNKNOWN, TU),
  R ("strsignal", UNMODELLED, UNKNOWN, TU),
  R ("strtok", UNMODELLED, UNKNOWN, TU),
  R ("system", UNMODELLED, UNKNOWN, TU),
  R ("ttyname", UNMODELLED, UNKNOWN, TU),
  R ("unsetenv", UNMODELLED, UNKNOWN, TU),
  R ("wcstombs", UNMODELLED, UNKNOWN, TU),
  R ("wctomb", UNMODELLED, UNKNOWN, TU),
};

#undef R
#undef W
#undef X

/* Names that are not rows: a fortified builtin whose plain name is not known only
 * reads; any other builtin only computes; an atomic builtin reads and writes its
 * first argument atomically. */
static const RfCLibcFunc fortified_row = { "__builtin___*_chk", RF_C_LIBC_READS, RF_C_LIBC_PTS_OTHER, NC, NULL, NULL };
static const RfCLibcFunc builtin_row = { "__builtin_*", RF_C_LIBC_PURE, RF_C_LIBC_PTS_OTHER, NC, NULL, NULL };
static const RfCLibcFunc atomic_row = { "__atomic_*", RF_C_LIBC_ATOMIC_RMW, RF_C_LIBC_PTS_ATOMIC, NC, NULL, NULL };

/* name -> row; built once. */
static GHashTable *
rows_by_name (void)
{
  static gsize once = 0;
  static GHashTable *by_name;
  if (g_once_init_enter (&once))
    {
      by_name = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < G_N_ELEMENTS (table); i++)
        {
          g_assert (!g_hash_table_contains (by_name, table[i].name));  /* one row per name */
          g_hash_table_insert (by_name, (gpointer) table[i].name, (gpointer) &table[i]);
        }
      g_once_init_leave (&once, 1);
    }
  return by_name;
}

static gboolean
is_atomic_name (const char *name)
{
  return g_str_has_prefix (name, "__atomic_") || g_str_has_prefix (name, "__sync_") || g_str_has_prefix (name, "atomic_");
}

const RfCLibcFunc *
rf_c_libc_lookup (const char *name)
{
  if (!name)
    return NULL;
  const RfCLibcFunc *f = g_hash_table_lookup (rows_by_name (), name);
  if (f)
    return f;
  if (is_atomic_name (name))
    return &atomic_row;
  if (!g_str_has_prefix (name, "__builtin_"))
    return NULL;
  const char *rest = name + strlen ("__builtin_");
  if (g_str_has_prefix (rest, "__") && g_str_has_suffix (rest, "_chk"))
    {
      /* fortified: __builtin___memcpy_chk is memcpy */
      g_autofree char *plain = g_strndup (rest + 2, strlen (rest) - 6);
      f = rf_c_libc_lookup (plain);
      return f ? f : &fortified_row;
    }
  f = rf_c_libc_lookup (rest);
  return f ? f : &builtin_row;
}

gboolean
rf_c_libc_lowers (const RfCLibcFunc *f, gboolean user_body)
{
  return f && f->effect != RF_C_LIBC_UNMODELLED && !(user_body && f->effect == RF_C_LIBC_PURE);
}

gboolean
rf_c_libc_points (const RfCLibcFunc *f, gboolean user_body)
{
  return f && f->pointers != RF_C_LIBC_PTS_UNKNOWN
         && !(user_body && (f->effect == RF_C_LIBC_PURE || f->effect == RF_C_LIBC_UNMODELLED));
}

gboolean
rf_c_libc_may_cancel (const char *name)
{
  if (!name)
    return TRUE;
  if (g_str_has_prefix (name, "__builtin_") || g_str_has_prefix (name, "__pthread_"))
    return FALSE;
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  if (f)
    return !(f->flags & RF_C_LIBC_NO_CANCEL);
  /* the pthread functions that are cancellation points are all rows */
  return !g_str_has_prefix (name, "pthread_");
}

gboolean
rf_c_libc_is_try (RfCLibcEffect e)
{
  return e == RF_C_LIBC_TRYLOCK || e == RF_C_LIBC_TRY_RDLOCK || e == RF_C_LIBC_TRY_WRLOCK
         || e == RF_C_LIBC_SEM_TRYWAIT;
}

guint
rf_c_libc_n_functions (void)
{
  return G_N_ELEMENTS (table);
}

const RfCLibcFunc *
rf_c_libc_get (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (table), NULL);
  return &table[i];
}

const char *
rf_c_libc_effect_describe (RfCLibcEffect e)
{
  static const char *const text[RF_C_LIBC_N_EFFECTS] = {
    [RF_C_LIBC_UNMODELLED] = "code without a body (reads and writes what its pointer arguments point to)",
    [RF_C_LIBC_PURE] = "no memory effect",
    [RF_C_LIBC_READS] = "reads through every pointer argument",
    [RF_C_LIBC_WRITE0] = "writes through argument 1, reads through the others",
    [RF_C_LIBC_WRITE0_ONLY] = "writes through argument 1",
    [RF_C_LIBC_WRITE1] = "writes through argument 2, reads through the others",
    [RF_C_LIBC_STRTOK] = "writes through argument 1, reads 2, reads and writes 3",
    [RF_C_LIBC_SCANF] = "reads the format, writes through every later pointer",
    [RF_C_LIBC_SSCANF] = "reads arguments 1 and 2, writes through every later pointer",
    [RF_C_LIBC_SORT] = "reads and writes the array; calls the comparator back",
    [RF_C_LIBC_SEARCH] = "reads through its pointer arguments; calls the comparator back",
    [RF_C_LIBC_ALLOC] = "a new object (one per allocation site)",
    [RF_C_LIBC_REALLOC] = "reads and writes through argument 1; a new object",
    [RF_C_LIBC_FREE] = "writes through argument 1",
    [RF_C_LIBC_EXIT] = "the thread ends",
    [RF_C_LIBC_AT_EXIT] = "the handler runs once, in a thread of its own",
    [RF_C_LIBC_SIGNAL_HANDLER] = "the handler runs at any time, in a thread of its own",
    [RF_C_LIBC_SIGACTION] = "any function that may be the handler runs at any time, in a thread of its own",
    [RF_C_LIBC_CREATE] = "starts a thread of the start routine",
    [RF_C_LIBC_JOIN] = "waits for a thread created with the handle",
    [RF_C_LIBC_KEY_CREATE] = "writes the key; the destructor runs in a thread of its own",
    [RF_C_LIBC_ONCE] = "the init routine runs once, in the first caller",
    [RF_C_LIBC_LOCK] = "locks a mutex",
    [RF_C_LIBC_UNLOCK] = "unlocks a mutex",
    [RF_C_LIBC_TRYLOCK] = "locks a mutex, or fails",
    [RF_C_LIBC_RDLOCK] = "locks an rwlock for reading",
    [RF_C_LIBC_WRLOCK] = "locks an rwlock for writing",
    [RF_C_LIBC_RWUNLOCK] = "unlocks an rwlock",
    [RF_C_LIBC_TRY_RDLOCK] = "locks an rwlock for reading, or fails",
    [RF_C_LIBC_TRY_WRLOCK] = "locks an rwlock for writing, or fails",
    [RF_C_LIBC_WAIT] = "waits on a condition variable",
    [RF_C_LIBC_SIGNAL] = "signals a condition variable",
    [RF_C_LIBC_BROADCAST] = "broadcasts a condition variable",
    [RF_C_LIBC_SEM_INIT] = "sets a semaphore's initial value",
    [RF_C_LIBC_SEM_POST] = "posts a semaphore",
    [RF_C_LIBC_SEM_WAIT] = "waits on a semaphore",
    [RF_C_LIBC_SEM_TRYWAIT] = "takes from a semaphore, or fails",
    [RF_C_LIBC_NOSYNC] = "no synchronisation assumed (warning)",
    [RF_C_LIBC_ATOMIC_LOAD] = "atomic read through argument 1",
    [RF_C_LIBC_ATOMIC_LOAD_GENERIC] = "atomic read through argument 1, writes through argument 2",
    [RF_C_LIBC_ATOMIC_STORE] = "atomic write through argument 1",
    [RF_C_LIBC_ATOMIC_STORE_GENERIC] = "atomic write through argument 1, reads through argument 2",
    [RF_C_LIBC_ATOMIC_RMW] = "atomic read and write through argument 1",
    [RF_C_LIBC_ATOMIC_FENCE] = "no memory effect",
    [RF_C_LIBC_UNSUPPORTED] = "unsupported (error)",
  };
  g_return_val_if_fail (e < RF_C_LIBC_N_EFFECTS, "?");
  return text[e];
}

const char *
rf_c_libc_pointers_describe (RfCLibcPointers p)
{
  static const char *const text[RF_C_LIBC_N_PTS] = {
    [RF_C_LIBC_PTS_UNKNOWN] = "unknown code",
    [RF_C_LIBC_PTS_OTHER] = "none (a pointer result is unknown)",
    [RF_C_LIBC_PTS_ALLOC] = "returns its allocation site's object",
    [RF_C_LIBC_PTS_REALLOC] = "returns its site's object or the argument's",
    [RF_C_LIBC_PTS_RET0] = "returns a pointer into argument 1",
    [RF_C_LIBC_PTS_COPY] = "copies the pointers; returns argument 1",
    [RF_C_LIBC_PTS_BYTES0] = "writes characters through argument 1; returns it",
    [RF_C_LIBC_PTS_SET] = "writes bytes through argument 1; returns it",
    [RF_C_LIBC_PTS_SCAN] = "writes data through the pointers after argument 1",
    [RF_C_LIBC_PTS_SSCAN] = "writes data through the pointers after argument 2",
    [RF_C_LIBC_PTS_ENDPTR] = "stores a pointer into argument 1 through argument 2",
    [RF_C_LIBC_PTS_SETSPECIFIC] = "keeps argument 2 as a thread-specific value",
    [RF_C_LIBC_PTS_GETSPECIFIC] = "returns a thread-specific value",
    [RF_C_LIBC_PTS_KEYCREATE] = "the destructor gets a thread-specific value",
    [RF_C_LIBC_PTS_STRTOK] = "returns a pointer into argument 1 or where argument 3 points",
    [RF_C_LIBC_PTS_CREATE] = "the start routine gets argument 4",
    [RF_C_LIBC_PTS_JOIN] = "stores an unknown pointer through argument 2",
    [RF_C_LIBC_PTS_PRIVATE] = "returns memory no program object shares",
    [RF_C_LIBC_PTS_ATOMIC] = "the object argument 1 points to takes the values given",
  };
  g_return_val_if_fail (p < RF_C_LIBC_N_PTS, "?");
  return text[p];
}

static int
cmp_rows (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(const RfCLibcFunc *const *) a)->name, (*(const RfCLibcFunc *const *) b)->name);
}

char *
rf_c_libc_to_markdown (void)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    g_ptr_array_add (rows, (gpointer) &table[i]);
  g_ptr_array_sort (rows, cmp_rows);
  GString *out = g_string_new ("| function | effect (lowering) | pointers (points-to) | cancellation point | "
                               "thread-safe |\n|---|---|---|---|---|\n");
  for (guint i = 0; i < rows->len; i++)
    {
      const RfCLibcFunc *f = g_ptr_array_index (rows, i);
      g_autoptr (GString) effect = g_string_new (NULL);
      if (f->effect == RF_C_LIBC_UNSUPPORTED)
        g_string_append_printf (effect, "unsupported: %s", f->why ? f->why : "cannot be modelled");
      else
        g_string_append (effect, rf_c_libc_effect_describe (f->effect));
      if (f->flags & RF_C_LIBC_CALLS_BACK)
        g_string_append (effect, "; its function arguments do not escape");
      if (f->flags & RF_C_LIBC_CANCELS)
        g_string_append (effect, "; the program cancels threads: each may end at any cancellation point");
      if (f->flags & RF_C_LIBC_NOT_WITH_CANCEL)
        g_string_append (effect, "; unsupported in a program that cancels threads");
      if (f->flags & RF_C_LIBC_MUTEX_TYPE)
        g_string_append (effect, "; sets a mutex type (recursive mutexes)");
      g_string_append_printf (out, "| `%s` | %s | %s | %s | %s |\n", f->name, effect->str,
                              rf_c_libc_pointers_describe (f->pointers), rf_c_libc_may_cancel (f->name) ? "may be" : "no",
                              f->flags & RF_C_LIBC_THREAD_UNSAFE ? "**no**" : "yes");
    }
  return g_string_free (out, FALSE);
}
