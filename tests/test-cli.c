/* test-cli: what the command line leaves on disk when a witness picture cannot be
 * written: none is (golden tests cover the messages and the files of successful
 * runs); a failed write to standard output, in-process; `net --stats`, whose times
 * keep it out of the golden tests. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "rf-cli.h"
#include "rf-driver.h"

static const char *examples_dir;

/* Runs racefree with ARGS (NULL-terminated, without the program name), in-process:
 * standard output and error go to OUT and ERR (string sinks). */
static int
run (GString *out, GString *err, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (char *) "racefree");
  va_list ap;
  va_start (ap, err);
  for (const char *a = va_arg (ap, const char *); a; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_autoptr (RfOut) out_sink = rf_out_new_string (out);
  g_autoptr (RfOut) err_sink = rf_out_new_string (err);
  return rf_cli_run (argv->len - 1, (char **) argv->pdata, out_sink, err_sink);
}

/* The sequence diagram's path is a directory: found before the search (exit status
 * 2, no verdict written), so no picture is written and no temporary file left in the
 * directory. (rf_out_write_files, test-out, covers a failure while writing.) */
static void
test_witness_all_or_none (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rf-cli-XXXXXX", &error);
  assert_non_null (dir);
  g_autofree char *out_path = g_build_filename (dir, "w.dot", NULL);
  g_autofree char *seq_path = g_build_filename (dir, "w-seq.dot", NULL);
  g_autofree char *input = g_build_filename (examples_dir, "counter.sml", NULL);
  assert_int_equal (g_mkdir (seq_path, 0700), 0);

  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GString) err = g_string_new (NULL);
  int code = run (out, err, "check", "--witness-dot", out_path, "--witness-var", "counter", input, NULL);
  assert_int_equal (code, 2);
  assert_string_equal (out->str, "");
  g_autofree char *expected = g_strdup_printf ("racefree check: error: --witness-dot: cannot write '%s': "
                                               "Is a directory\n", seq_path);
  assert_string_equal (err->str, expected);

  /* Only the directory that made the write fail is left. */
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  assert_non_null (d);
  guint entries = 0;
  for (const char *name = g_dir_read_name (d); name; name = g_dir_read_name (d))
    {
      assert_string_equal (name, "w-seq.dot");
      entries++;
    }
  assert_int_equal (entries, 1);

  /* Once the way is clear, both pictures are written. */
  assert_int_equal (g_rmdir (seq_path), 0);
  g_string_truncate (out, 0);
  g_string_truncate (err, 0);
  code = run (out, err, "check", "--witness-dot", out_path, "--witness-var", "counter", input, NULL);
  assert_int_equal (code, 1);
  assert_true (g_file_test (out_path, G_FILE_TEST_IS_REGULAR));
  assert_true (g_file_test (seq_path, G_FILE_TEST_IS_REGULAR));
  assert_int_equal (g_unlink (out_path), 0);
  assert_int_equal (g_unlink (seq_path), 0);
  assert_int_equal (g_rmdir (dir), 0);
}

/* Standard output that cannot be written (a sink on /dev/full): exit status 2 and one
 * message on standard error, not the race's exit status 1 nor its diagnostics (the
 * check stops at the first verdict it cannot write). */
static void
test_output_full (void **state)
{
  int fd = open ("/dev/full", O_WRONLY);
  if (fd < 0)
    skip ();
  g_autofree char *input = g_build_filename (examples_dir, "prods_cons.sml", NULL);
  g_autoptr (GString) err = g_string_new (NULL);
  g_autoptr (RfOut) out_sink = rf_out_new_fd (fd, "standard output");
  g_autoptr (RfOut) err_sink = rf_out_new_string (err);
  char *argv[] = { (char *) "racefree", (char *) "check", input, NULL };
  assert_int_equal (rf_cli_run (3, argv, out_sink, err_sink), 2);
  assert_string_equal (err->str, "racefree: error: cannot write standard output: No space left on device\n");
  assert_true (rf_out_failed (out_sink, NULL));
  close (fd);
}

/* `net --stats` prints the size of the net the driver builds for the same input, and
 * two CPU times; no net. */
static void
test_net_stats (void **state)
{
  const char *inputs[] = { "counter_with_lock.sml", "prods_cons.sml", NULL };
  for (guint i = 0; inputs[i]; i++)
    {
      g_autofree char *input = g_build_filename (examples_dir, inputs[i], NULL);
      const char *files[] = { input, NULL };
      g_autoptr (RfCheckResult) res = rf_check_result_new (files);
      assert_true (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, NULL));
      rf_driver_build_net (res);
      const RfNet *net = rf_check_result_get_net (res);
      guint arcs = 0;
      for (guint t = 0; t < rf_net_n_transitions (net); t++)
        arcs += rf_net_get_transition (net, t)->n_pre + rf_net_get_transition (net, t)->n_post;
      g_autofree char *sizes = g_strdup_printf ("jobs: %u\nplaces: %u\ntransitions: %u\narcs: %u\nreset arcs: %u\n",
                                                rf_net_n_jobs (net), rf_net_n_places (net),
                                                rf_net_n_transitions (net), arcs, rf_net_n_resets (net));

      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (GString) err = g_string_new (NULL);
      assert_int_equal (run (out, err, "net", "--stats", input, NULL), 0);
      assert_string_equal (err->str, "");
      assert_true (g_str_has_prefix (out->str, sizes));
      g_auto (GStrv) times = g_strsplit (out->str + strlen (sizes), "\n", -1);
      assert_int_equal (g_strv_length (times), 3);
      double s;
      char unit[4];
      assert_int_equal (sscanf (times[0], "read: %lf %3s", &s, unit), 2);
      assert_string_equal (unit, "s");
      assert_int_equal (sscanf (times[1], "built: %lf %3s", &s, unit), 2);
      assert_string_equal (unit, "s");
      assert_string_equal (times[2], "");
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_witness_all_or_none),
    cmocka_unit_test (test_output_full),
    cmocka_unit_test (test_net_stats),
  };
  examples_dir = g_getenv ("RF_EXAMPLES_DIR");
  if (!examples_dir)
    examples_dir = "examples";
  return cmocka_run_group_tests (tests, NULL, NULL);
}
