# Sourced by the tmux scripts: a file that takes minutes to read, made by strace. `slow_reads PID
# FILE` attaches to the running process PID (every thread) and holds each read(2) of FILE for
# 30 s, so a read of it takes minutes however small it is. `let_go` ends strace, letting go of a
# thread it holds (a process whose main thread has ended is reaped only then: strace holds an
# exiting thread it delayed). `main_thread_ended PID` says whether PID's main thread has ended
# (the process is gone, or a zombie waiting for its last threads). `can_slow_reads` says
# whether this machine can (strace installed, ptrace allowed); CI must have strace.
SLOW_STRACE=
can_slow_reads() {
  if ! command -v strace >/dev/null; then
    [ -z "${CI:-}" ] || { echo "CI must have strace for the slow-read cases" >&2; exit 1; }
    echo "note: strace is not installed; the slow-read cases are skipped (apt-get install strace)" >&2
    return 1
  fi
  sleep 5 &
  local victim=$! rc=0
  timeout 1 strace -qq -p "$victim" -e trace=none -o /dev/null 2>/dev/null || rc=$?
  kill "$victim" 2>/dev/null || true
  # 124: strace was still attached when timeout stopped it.
  if [ "$rc" != 124 ]; then
    echo "note: this machine does not allow ptrace; the slow-read cases are skipped" >&2
    return 1
  fi
}
slow_reads() {
  local pid=$1 file=$2
  strace -qq -f -p "$pid" -P "$file" -e trace=read -e inject=read:delay_enter=30000000 -o /dev/null 2>/dev/null &
  SLOW_STRACE=$!
  # Attached once strace has stopped the process once (its status shows the tracer).
  for _ in $(seq 50); do
    [ "$(awk '/^TracerPid:/ {print $2}' "/proc/$pid/status" 2>/dev/null)" != 0 ] && return 0
    sleep 0.1
  done
  echo "strace did not attach to $pid" >&2
  return 1
}
let_go() {
  if [ -n "$SLOW_STRACE" ]; then
    kill -9 "$SLOW_STRACE" 2>/dev/null || true
    wait "$SLOW_STRACE" 2>/dev/null || true
    SLOW_STRACE=
  fi
}
main_thread_ended() {
  [ ! -e "/proc/$1" ] || grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}
