/* test-libc: the library table (rf-c-libc.h): its lookup rules, the rules deciding
 * whether the table or a body of the program applies to a call, cancellation points,
 * and the manual's table (docs/c-library.md, whose generated block must equal
 * rf_c_libc_to_markdown; RF_UPDATE_GOLDEN=1 rewrites it). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include "rf-c-libc.h"

static const char *docs_dir;

static RfCLibcEffect
effect (const char *name)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  assert_non_null (f);
  return f->effect;
}

/* Every row is found by its own name, and only one row has it. */
static void
test_rows (void **state)
{
  (void) state;
  assert_true (rf_c_libc_n_functions () > 300);
  for (guint i = 0; i < rf_c_libc_n_functions (); i++)
    {
      const RfCLibcFunc *f = rf_c_libc_get (i);
      assert_ptr_equal (rf_c_libc_lookup (f->name), f);
      assert_true (f->effect < RF_C_LIBC_N_EFFECTS && f->pointers < RF_C_LIBC_N_PTS);
      /* an unsupported function says why */
      if (f->effect == RF_C_LIBC_UNSUPPORTED)
        assert_non_null (f->why);
      else
        assert_null (f->why);
    }
  assert_null (rf_c_libc_lookup ("frobnicate"));
  assert_null (rf_c_libc_lookup (NULL));
}

/* Builtin and atomic forms. */
static void
test_forms (void **state)
{
  (void) state;
  assert_ptr_equal (rf_c_libc_lookup ("__builtin_memcpy"), rf_c_libc_lookup ("memcpy"));
  assert_ptr_equal (rf_c_libc_lookup ("__builtin___memcpy_chk"), rf_c_libc_lookup ("memcpy"));
  assert_ptr_equal (rf_c_libc_lookup ("__builtin___sprintf_chk"), rf_c_libc_lookup ("sprintf"));
  assert_int_equal (effect ("__builtin_expect"), RF_C_LIBC_PURE);
  /* builtins the table does not know read and write through their pointer arguments
   * (there are none to a popcount); those that only compute are rows */
  assert_int_equal (effect ("__builtin_popcount"), RF_C_LIBC_READS_WRITES);
  assert_int_equal (effect ("__builtin_add_overflow"), RF_C_LIBC_READS_WRITES);
  assert_int_equal (effect ("__builtin___foo_chk"), RF_C_LIBC_READS_WRITES);
  assert_int_equal (effect ("__builtin_object_size"), RF_C_LIBC_PURE);
  assert_int_equal (effect ("__builtin_va_start"), RF_C_LIBC_PURE);
  assert_int_equal (effect ("atomic_fetch_add"), RF_C_LIBC_ATOMIC_RMW);
  assert_int_equal (effect ("__sync_fetch_and_add"), RF_C_LIBC_ATOMIC_RMW);
  assert_int_equal (effect ("__atomic_load"), RF_C_LIBC_ATOMIC_LOAD_GENERIC);
  assert_int_equal (effect ("atomic_load_explicit"), RF_C_LIBC_ATOMIC_LOAD);
  assert_int_equal (rf_c_libc_lookup ("__atomic_exchange_n")->pointers, RF_C_LIBC_PTS_ATOMIC);
  assert_int_equal (effect ("__builtin_setjmp"), RF_C_LIBC_SETJMP);
  assert_int_equal (effect ("_setjmp"), RF_C_LIBC_SETJMP);
  assert_int_equal (effect ("__sigsetjmp_cancel"), RF_C_LIBC_SETJMP);
  assert_int_equal (effect ("siglongjmp"), RF_C_LIBC_LONGJMP);
  assert_int_equal (effect ("__pthread_register_cancel"), RF_C_LIBC_CLEANUP_PUSH);
  assert_int_equal (effect ("__pthread_unregister_cancel"), RF_C_LIBC_CLEANUP_POP);
  assert_int_equal (effect ("__pthread_unwind_next"), RF_C_LIBC_UNWIND);
  assert_int_equal (effect ("swapcontext"), RF_C_LIBC_UNSUPPORTED);
  assert_string_equal (rf_c_libc_lookup ("makecontext")->family, "ucontext");
  assert_int_equal (effect ("pthread_rwlock_timedrdlock"), RF_C_LIBC_TRY_RDLOCK);
  assert_int_equal (effect ("pthread_rwlock_clockwrlock"), RF_C_LIBC_TRY_WRLOCK);
  assert_int_equal (effect ("sem_timedwait"), RF_C_LIBC_SEM_TRYWAIT);
  assert_int_equal (effect ("pthread_spin_trylock"), RF_C_LIBC_TRYLOCK);
  assert_true (rf_c_libc_is_try (RF_C_LIBC_TRY_WRLOCK) && !rf_c_libc_is_try (RF_C_LIBC_WRLOCK));
  /* the end pointer of the strto* functions is written */
  assert_int_equal (effect ("strtol"), RF_C_LIBC_WRITE1);
  assert_int_equal (effect ("strtoumax"), RF_C_LIBC_WRITE1);
  assert_int_equal (rf_c_libc_lookup ("strtod")->pointers, RF_C_LIBC_PTS_ENDPTR);
}

/* Which of the table and a body of the program applies. */
static void
test_rules (void **state)
{
  (void) state;
  const RfCLibcFunc *abs_ = rf_c_libc_lookup ("abs"), *malloc_ = rf_c_libc_lookup ("malloc");
  const RfCLibcFunc *getopt_ = rf_c_libc_lookup ("getopt");
  /* a function without a memory effect gives way to the user's body of that name */
  assert_true (rf_c_libc_lowers (abs_, FALSE) && !rf_c_libc_lowers (abs_, TRUE));
  assert_true (rf_c_libc_points (abs_, FALSE) && !rf_c_libc_points (abs_, TRUE));
  /* one with an effect does not */
  assert_true (rf_c_libc_lowers (malloc_, TRUE) && rf_c_libc_points (malloc_, TRUE));
  /* getopt: code without a body for the lowering, but only permutes pointers */
  assert_false (rf_c_libc_lowers (getopt_, FALSE));
  assert_true (rf_c_libc_points (getopt_, FALSE) && !rf_c_libc_points (getopt_, TRUE));
  /* a function known for its flags and state only is code without a body for both */
  const RfCLibcFunc *hsearch_ = rf_c_libc_lookup ("hsearch");
  assert_true (hsearch_->flags & RF_C_LIBC_THREAD_UNSAFE);
  assert_false (rf_c_libc_lowers (hsearch_, FALSE) || rf_c_libc_points (hsearch_, FALSE));
  assert_false (rf_c_libc_lowers (NULL, FALSE) || rf_c_libc_points (NULL, FALSE));
  for (guint i = 0; i < 5; i++)
    {
      const char *unsafe[] = { "rand", "localtime", "getenv", "setenv", "readdir" };
      assert_true (rf_c_libc_lookup (unsafe[i])->flags & RF_C_LIBC_THREAD_UNSAFE);
    }
  assert_false (rf_c_libc_lookup ("rand_r")->flags & RF_C_LIBC_THREAD_UNSAFE);
}

/* The mode and name of state I of function NAME. */
static void
assert_state (const char *name, guint i, RfCLibcStateMode mode, const char *state)
{
  guint n;
  const RfCLibcState *st = rf_c_libc_states (rf_c_libc_lookup (name), &n);
  assert_true (i < n);
  assert_int_equal (st[i].mode, mode);
  assert_string_equal (st[i].name, state);
  assert_ptr_equal (st[i].name, g_intern_string (state));
}

/* Hidden library state: every function POSIX allows not to be thread-safe has some
 * (XSH 2.9.1), and the families share theirs. */
static void
test_states (void **state)
{
  (void) state;
  for (guint i = 0; i < rf_c_libc_n_functions (); i++)
    {
      const RfCLibcFunc *f = rf_c_libc_get (i);
      guint n;
      rf_c_libc_states (f, &n);
      if (f->flags & RF_C_LIBC_THREAD_UNSAFE)
        assert_true (n > 0);
      /* a result pointing into the state needs a state that is an object */
      if (f->pointers == RF_C_LIBC_PTS_STATE || f->pointers == RF_C_LIBC_PTS_STATE_KEEP)
        {
          gboolean object = FALSE;
          const RfCLibcState *st = rf_c_libc_states (f, &n);
          for (guint k = 0; k < n; k++)
            object |= !rf_c_libc_state_is_variable (st[k].name);
          assert_true (object);
        }
    }
  assert_state ("rand", 0, RF_C_LIBC_STATE_WRITE, "rand() state");
  assert_state ("srand", 0, RF_C_LIBC_STATE_WRITE, "rand() state");
  assert_state ("gmtime", 0, RF_C_LIBC_STATE_WRITE, "localtime() state");
  assert_state ("ctime", 1, RF_C_LIBC_STATE_WRITE, "localtime() state");
  assert_state ("getenv", 0, RF_C_LIBC_STATE_READ, "getenv() state");
  assert_state ("setenv", 0, RF_C_LIBC_STATE_WRITE, "getenv() state");
  assert_state ("getopt", 1, RF_C_LIBC_STATE_WRITE, "optarg");
  assert_state ("printf", 0, RF_C_LIBC_STATE_ATOMIC, "stdio streams");
  assert_state ("putc_unlocked", 0, RF_C_LIBC_STATE_WRITE, "stdio streams");
  assert_state ("isalpha", 0, RF_C_LIBC_STATE_READ, "setlocale() state");
  assert_true (rf_c_libc_state_is_variable ("optarg") && rf_c_libc_state_is_variable ("_x1"));
  assert_false (rf_c_libc_state_is_variable ("rand() state") || rf_c_libc_state_is_variable ("1x")
                || rf_c_libc_state_is_variable (""));
  /* no state: thread-safe functions, rows that are not in the table */
  guint n = 7;
  assert_null (rf_c_libc_states (rf_c_libc_lookup ("rand_r"), &n));
  assert_int_equal (n, 0);
  rf_c_libc_states (rf_c_libc_lookup ("__atomic_fetch_add"), &n);
  assert_int_equal (n, 0);
  rf_c_libc_states (NULL, &n);
  assert_int_equal (n, 0);
}

/* Cancellation points: every function without a body but those marked. */
static void
test_cancel (void **state)
{
  (void) state;
  assert_true (rf_c_libc_may_cancel (NULL));         /* through a pointer */
  assert_true (rf_c_libc_may_cancel ("printf"));
  assert_true (rf_c_libc_may_cancel ("frobnicate"));
  assert_true (rf_c_libc_may_cancel ("pthread_join"));
  assert_true (rf_c_libc_may_cancel ("pthread_cond_wait"));
  assert_true (rf_c_libc_may_cancel ("pthread_cond_clockwait"));
  assert_false (rf_c_libc_may_cancel ("pthread_mutex_lock"));
  assert_false (rf_c_libc_may_cancel ("pthread_frobnicate"));
  assert_false (rf_c_libc_may_cancel ("__builtin_memcpy"));
  assert_false (rf_c_libc_may_cancel ("__pthread_register_cancel"));
  assert_false (rf_c_libc_may_cancel ("exit"));
  assert_false (rf_c_libc_may_cancel ("atomic_fetch_add"));
}

/* docs/c-library.md holds the table as rf_c_libc_to_markdown prints it. */
static void
test_manual (void **state)
{
  (void) state;
  g_autofree char *path = g_build_filename (docs_dir, "c-library.md", NULL);
  g_autofree char *text = NULL;
  assert_true (g_file_get_contents (path, &text, NULL, NULL));
  const char *begin = "<!-- generated by tests/test-libc: begin -->\n";
  const char *end = "<!-- generated by tests/test-libc: end -->";
  char *b = strstr (text, begin), *e = b ? strstr (b, end) : NULL;
  assert_non_null (e);
  g_autofree char *table = rf_c_libc_to_markdown ();
  g_autofree char *want = g_strdup_printf ("%.*s%s%s%s", (int) (b - text), text, begin, table, e);
  if (g_strcmp0 (g_getenv ("RF_UPDATE_GOLDEN"), "1") == 0)
    assert_true (g_file_set_contents (path, want, -1, NULL));
  else if (strcmp (want, text) != 0)
    fail_msg ("%s: the generated table differs from rf_c_libc_to_markdown (run with RF_UPDATE_GOLDEN=1)", path);
}

int
main (int argc, char **argv)
{
  docs_dir = argc > 1 ? argv[1] : g_getenv ("RF_DOCS_DIR");
  if (!docs_dir)
    docs_dir = "docs";
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_rows),
    cmocka_unit_test (test_forms),
    cmocka_unit_test (test_rules),
    cmocka_unit_test (test_states),
    cmocka_unit_test (test_cancel),
    cmocka_unit_test (test_manual),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
