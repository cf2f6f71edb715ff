/* rf-cli: command dispatch, options and output; here the usage text, the dispatch and
 * the commands net, cover, model and verify-cert (check and what the commands share
 * are rooms of their own: rf-cli-private.h lists them). Every command asks the driver's
 * registry for the front end of its inputs (rf-driver.h), runs its stages into one
 * check result, and has the reports read it. Text goes to the output sinks (rf-out.h)
 * as soon as it is ready: the text report verdict by verdict, the other formats when
 * whole. A failed write to standard output or error ends the run with exit status 2
 * and a message (rf_cli_run). Output files are written by rf_out_write_file(s)
 * (atomically, through symbolic links, devices in place), so a failed run never
 * leaves a partial file behind; their destinations are checked before the search. */
#include "rf-cli-private.h"

#include <string.h>

#include "rf-certify.h"
#include "rf-dot.h"
#include "rf-program-sml.h"

static const char *usage_text =
  "Usage: racefree COMMAND [OPTIONS] FILE\n"
  "\n"
  "Prove pthreaded programs free of data races, for any number of threads,\n"
  "or show an interleaving that races.\n"
  "\n"
  "Commands:\n"
  "  check FILE.sml     decide, for every shared variable, whether it can race\n"
  "  check FILE.c...    the same for C files (or a C module: --entry, --init)\n"
  "  model FILE.c...    print the program model extracted from C files as SML\n"
  "  net FILE.sml|.c    write the Petri net built from the program (Graphviz DOT)\n"
  "  cover FILE         decide coverability for a net in mist .spec or bfc .tts format\n"
  "  verify-cert FILE   check a proof certificate of check or cover, independently\n"
  "  help [COMMAND]     show help for racefree or for one command\n"
  "\n"
  "Options:\n"
  "  -h, --help         show this help\n"
  "  --version          show the version\n"
  "\n"
  "Exit status: 0 race-free, 1 race found, 2 usage or input error,\n"
  "3 unknown (search budget exhausted), 130 interrupted.\n"
  "Run 'racefree COMMAND --help' for the options of a command.\n";

static int
cmd_net (int argc, char **argv, RfOut *out, RfOut *err)
{
  gint64 start_us = rf_cover_cpu_time_us ();
  gboolean help = FALSE, stats = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *slice = NULL;
  GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output format: dot (default), svg, png, pdf (rendered by Graphviz)", "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write to FILE instead of standard output (required for png, pdf)", "FILE" },
    { "slice", 0, 0, G_OPTION_ARG_STRING, &slice, "Draw only the part of the net relevant to shared variable VAR", "VAR" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats, "Print the net's size and the CPU time taken to read the program and to build the net, instead of the net", NULL },
    MAX_ERRORS_ENTRY (max_errors),
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_auto (CArgs) cargs = { 0 };
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  cli_c_args_presplit (&argc, &argv, keep);
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.sml | FILE.c...");
  g_option_context_set_summary (ctx, "Write the Petri net racefree builds from the program: job types as\n"
                                     "clusters, shared places (locks, Read/Write, signals) outside them.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  cli_c_args_add_entries (ctx, &cargs);
  int done = cli_parse_options (ctx, &argc, &argv, &help, out, err, "net");
  if (done >= 0)
    return done;
  if (!format)
    format = g_strdup ("dot");
  if (!rf_dot_format_is_known (format))
    {
      rf_out_printf (err, "racefree net: error: unknown format '%s' (expected dot, svg, png, pdf)\n", format);
      return RF_EXIT_INPUT;
    }
  gboolean binary = strcmp (format, "png") == 0 || strcmp (format, "pdf") == 0;
  if (binary && (!output || strcmp (output, "-") == 0))
    {
      rf_out_printf (err, "racefree net: error: format '%s' is binary: give an output file with -o\n", format);
      return RF_EXIT_INPUT;
    }

  g_autofree const char **files = cli_positional (argc, argv);
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  RfDriverOptions dopts = cli_driver_options (&cargs, NULL);
  if (!cli_load_inputs (res, RF_DRIVER_PROGRAM, &dopts, max_errors, err, "net"))
    return RF_EXIT_INPUT;
  gint var = -1;
  if (slice && (var = cli_data_var (rf_check_result_get_program (res), slice, "--slice", err, "net")) < 0)
    return RF_EXIT_INPUT;

  gint64 read_us = rf_cover_cpu_time_us ();
  rf_driver_build_net (res);
  const RfNet *net = rf_check_result_get_net (res);
  if (stats)
    {
      guint arcs = 0;
      for (guint t = 0; t < rf_net_n_transitions (net); t++)
        {
          const RfTransition *tr = rf_net_get_transition (net, t);
          arcs += tr->n_pre + tr->n_post;
        }
      gint64 built_us = rf_cover_cpu_time_us ();
      rf_out_printf (out, "jobs: %u\nplaces: %u\ntransitions: %u\narcs: %u\nreset arcs: %u\n"
                     "read: %.2f s\nbuilt: %.2f s\n", rf_net_n_jobs (net), rf_net_n_places (net),
                     rf_net_n_transitions (net), arcs, rf_net_n_resets (net), (read_us - start_us) / 1e6,
                     (built_us - read_us) / 1e6);
      return RF_EXIT_OK;
    }
  g_autofree char *base = cli_graph_name_of (files[0]);
  g_autofree char *text = var >= 0 ? rf_dot_net_slice_to_string (net, var, slice, base) : rf_dot_net_to_string (net, base);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = rf_dot_render (text, format, &error);
  gsize len = 0;
  const char *data = bytes ? g_bytes_get_data (bytes, &len) : NULL;
  if (!bytes)
    cli_print_error (err, "net", NULL, error);
  else if (!output || strcmp (output, "-") == 0)
    rf_out_write (out, data, len);
  else if (!rf_out_write_file (output, data, len, NULL, &error))
    cli_print_error (err, "net", NULL, error);
  return error ? RF_EXIT_INPUT : RF_EXIT_OK;
}

static int
cmd_cover (int argc, char **argv, RfOut *out, RfOut *err)
{
  gint64 start_us = rf_cover_cpu_time_us (), start_wall_us = g_get_real_time ();
  gboolean help = FALSE, stats = FALSE;
  g_auto (BudgetArgs) ba = { 0 };
  g_autofree char *prop = NULL, *cert_out = NULL;
  g_autofree char *format_name = NULL;
  gboolean no_time = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  GOptionEntry entries[] = {
    { "prop", 0, 0, G_OPTION_ARG_FILENAME, &prop, "Target of a .tts net (default: FILE.prop, or FILE with .tts replaced by .prop)", "FILE" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats, "Print the net size, #Conf, #Subsum, #Iter and the time", NULL },
    { "backward-only", 0, 0, G_OPTION_ARG_NONE, &ba.backward_only, "Search backward only (no forward search alongside)", NULL },
    { "no-state-equation", 0, 0, G_OPTION_ARG_NONE, &ba.no_steq, "Do not prune with the state equation (linear programs)", NULL },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.timeout, "Give up (verdict unknown) after S seconds of CPU time in the search", "S" },
    { "max-markings", 0, 0, G_OPTION_ARG_INT64, &ba.max_markings, "Give up (verdict unknown) past N kept markings", "N" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &ba.max_memory, "Give up (verdict unknown) past SIZE bytes of search data (512M, 2G; default: none, or half a ulimit -v)", "SIZE" },
    { "total-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &ba.total_timeout, "Give up (verdict unknown) after S seconds of CPU time in all, reading the net included", "S" },
    MAX_ERRORS_ENTRY (max_errors),
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, "Report format: text (default), json or sarif", "FORMAT" },
    { "no-time", 0, 0, G_OPTION_ARG_NONE, &no_time, "Leave the time out (text: no time line; JSON: null)", NULL },
    { "certificate", 0, 0, G_OPTION_ARG_FILENAME, &cert_out, "Write a proof certificate of a safe verdict to FILE (see 'racefree verify-cert')", "FILE" },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.spec|FILE.tts");
  g_option_context_set_summary (ctx, "Decide whether a marking covering a target is reachable in a Petri net\n"
                                     "given in mist's .spec format or bfc's .tts format (with its .prop target).\n"
                                     "Prints safe, unsafe (with a witness firing sequence) or unknown.");
  g_option_context_set_description (ctx, "Exit status: 0 safe, 1 unsafe, 2 usage or input error, 3 unknown, 130 interrupted.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  int done = cli_parse_options (ctx, &argc, &argv, &help, out, err, "cover");
  if (done >= 0)
    return done;
  RfCoverBudget budget;
  if (!cli_search_budget (&ba, start_us, &budget, err, "cover"))
    return RF_EXIT_INPUT;
  budget.certify = cert_out != NULL;
  if (cert_out && !cli_certificate_usable (cert_out, err, "cover"))
    return RF_EXIT_INPUT;
  const RfReportFormat *format = cli_choose_format (format_name, TRUE, err, "cover");
  if (!format)
    return RF_EXIT_INPUT;
  g_autofree const char **files = cli_positional (argc, argv);
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  RfDriverOptions dopts = { .prop = prop };
  if (!cli_load_inputs (res, RF_DRIVER_NET, &dopts, max_errors, err, "cover"))
    return RF_EXIT_INPUT;

  Progress progress = { err, FALSE };
  cli_progress_begin (&budget, &progress, format);
  cli_interrupt_begin (&budget);
  rf_driver_check_cover (res, &budget);   /* a witness comes replayed by the engine */
  gboolean was_interrupted = cli_interrupt_end ();
  cli_progress_end (&progress);
  /* The verdict is reported even when the certificate cannot be written after it. */
  RfCoverVerdict verdict = rf_check_result_get_cover (res)->verdict;
  RfReportOptions opts = { stats, no_time, was_interrupted ? RF_EXIT_INTERRUPTED
                                           : verdict == RF_COVER_SAFE ? RF_EXIT_OK
                                           : verdict == RF_COVER_UNSAFE ? RF_EXIT_RACE : RF_EXIT_UNKNOWN,
                           start_wall_us, g_get_real_time (), NULL };
  cli_write_report (format->cover, res, &opts, out);
  if (cert_out && !cli_write_certificate (res, cert_out, err, "cover"))
    return RF_EXIT_INPUT;
  return opts.exit_code;
}

static int
cmd_model (int argc, char **argv, RfOut *out, RfOut *err)
{
  gboolean help = FALSE;
  gint64 max_errors = MAX_ERRORS_DEFAULT;
  GOptionEntry entries[] = {
    MAX_ERRORS_ENTRY (max_errors),
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_auto (CArgs) cargs = { 0 };
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  cli_c_args_presplit (&argc, &argv, keep);
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.c... | FILE.sml");
  g_option_context_set_summary (ctx, "Print the program model racefree extracts (shared locations, locks,\n"
                                     "condition variables, one job type per thread function) as SML, which\n"
                                     "'racefree check' reads back.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  cli_c_args_add_entries (ctx, &cargs);
  int done = cli_parse_options (ctx, &argc, &argv, &help, out, err, "model");
  if (done >= 0)
    return done;
  g_autofree const char **files = cli_positional (argc, argv);
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  RfDriverOptions dopts = cli_driver_options (&cargs, NULL);
  if (!cli_load_inputs (res, RF_DRIVER_PROGRAM, &dopts, max_errors, err, "model"))
    return RF_EXIT_INPUT;
  g_autofree char *text = rf_program_to_sml (rf_check_result_get_program (res));
  rf_out_puts (out, text);
  return RF_EXIT_OK;
}

static int
cmd_verify_cert (int argc, char **argv, RfOut *out, RfOut *err)
{
  gboolean help = FALSE;
  GOptionEntry entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE");
  g_option_context_set_summary (ctx, "Check a proof certificate that 'racefree check --certificate' or 'racefree\n"
                                     "cover --certificate' wrote, with code that shares nothing with the search:\n"
                                     "each proof's basis covers its targets, is closed under predecessors up to\n"
                                     "checked invariants, and excludes the initial marking.");
  g_option_context_set_description (ctx, "Exit status: 0 valid, 1 invalid (a message says which line fails),\n"
                                         "2 usage error or unreadable file.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  int done = cli_parse_options (ctx, &argc, &argv, &help, out, err, "verify-cert");
  if (done >= 0)
    return done;
  if (argc != 2)
    {
      rf_out_printf (err, "racefree verify-cert: error: %s\nTry 'racefree verify-cert --help'.\n",
                     argc < 2 ? "missing certificate file" : "too many files (expected one certificate)");
      return RF_EXIT_INPUT;
    }
  return rf_certify_check_file (argv[1], out, err);
}

/* Command: one command of the command line, by name; run gets ARGV from the command's
 * name on and returns the exit status. */
typedef struct {
  const char *name;
  int (*run) (int argc, char **argv, RfOut *out, RfOut *err);
} Command;

static const Command commands[] = {
  { "check", cli_cmd_check },
  { "net", cmd_net },
  { "cover", cmd_cover },
  { "model", cmd_model },
  { "verify-cert", cmd_verify_cert },
};

static const Command *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

/* Runs the command ARGV names. */
static int
dispatch (int argc, char **argv, RfOut *out, RfOut *err)
{
  if (argc < 2)
    {
      rf_out_puts (err, usage_text);
      return RF_EXIT_INPUT;
    }
  const char *cmd = argv[1];
  if (strcmp (cmd, "--help") == 0 || strcmp (cmd, "-h") == 0)
    {
      rf_out_puts (out, usage_text);
      return RF_EXIT_OK;
    }
  if (strcmp (cmd, "--version") == 0)
    {
      rf_out_puts (out, "racefree " RF_VERSION "\n");
      return RF_EXIT_OK;
    }
  if (strcmp (cmd, "help") == 0)
    {
      if (argc < 3)
        {
          rf_out_puts (out, usage_text);
          return RF_EXIT_OK;
        }
      const Command *c = find_command (argv[2]);
      if (!c)
        {
          rf_out_printf (err, "racefree: error: unknown command '%s'\nTry 'racefree --help'.\n", argv[2]);
          return RF_EXIT_INPUT;
        }
      g_autofree char *name = g_strdup_printf ("racefree %s", c->name);
      char *hargv[] = { name, (char *) "--help", NULL };
      return c->run (2, hargv, out, err);
    }
  const Command *c = find_command (cmd);
  if (!c)
    {
      rf_out_printf (err, "racefree: error: unknown command '%s'\nTry 'racefree --help'.\n", cmd);
      return RF_EXIT_INPUT;
    }
  /* The command sees argv from its own name on; GOption shows argv[0] in usage lines. */
  g_auto (GStrv) args = g_new0 (char *, argc);
  args[0] = g_strdup_printf ("racefree %s", c->name);
  for (int i = 2; i < argc; i++)
    args[i - 1] = g_strdup (argv[i]);
  char **argv_cmd = g_memdup2 (args, sizeof (char *) * argc);
  int n = argc - 1;
  int code = c->run (n, argv_cmd, out, err);
  g_free (argv_cmd);
  return code;
}

int
rf_cli_run (int argc, char **argv, RfOut *out, RfOut *err)
{
  int code = dispatch (argc, argv, out, err);
  /* Every write was checked: a failed one (a full disk, a closed pipe) is an error. */
  g_autoptr (GError) error = NULL;
  if (rf_out_failed (out, &error))
    {
      cli_print_error (err, NULL, NULL, error);
      code = RF_EXIT_INPUT;
    }
  if (rf_out_failed (err, NULL))
    code = RF_EXIT_INPUT;
  return code;
}
