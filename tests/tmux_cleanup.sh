# Sourced by the tmux scripts. `remove_settled DIR` removes a test's scratch folder after its tmux
# server is killed. Killing the server hangs up on lairsmith, which then writes its recovery files
# (as it must, to keep unsaved work) while the folder is being removed; one `rm -rf` can race it
# and fail with "Directory not empty", and a failing EXIT trap would fail a test that passed. So
# this retries until the hung-up process has finished writing, and never fails the script.
remove_settled() {
  local dir=$1
  for _ in $(seq 50); do
    rm -rf "$dir" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "note: could not remove $dir" >&2
  return 0
}
