public enum Help {
    public static let version = "plumscale 0.1.0"

    public static let main = """
        plumscale: a pressure-sensing touchscreen as a scale for several objects at once.

        Usage:
          plumscale [options]                 open the scale in a 1280x720 window
          plumscale render --replay FILE ...  render one frame to PNG, no display needed
          plumscale devices                   list touch devices and the force each can measure
          plumscale bench [--quick] [--json FILE]  measure frame cost, latency, idle CPU, memory

        Window options:
          --fullscreen              fill the screen
          --kiosk                   fullscreen weighing station
          --source auto|sdl|evdev[:/dev/input/eventN]|mouse
                                    where touches come from (default: auto)
          --replay FILE             play a replay file (JSON Lines or evemu) in real time
          --size WxH                window size (default 1280x720); portrait sizes rotate the layout
          --font FILE               the font to use (default: DejaVu Sans via fontconfig)
          --screenshot FILE.png     with --exit-after: save the last frame shown
          --exit-after SECONDS      quit after this many seconds
          --verbose                 more log lines on stderr
          --help, --version

        Mouse (when no touchscreen is found, or with --source mouse):
          click             a contact under the pointer, lifted on release
          wheel             changes the force (5 points a notch)
          ctrl+click        pins a contact, so several objects stay on the screen
          c                 clears the pins
          escape            quits

        Exit codes: 0 success, 1 runtime failure, 2 bad usage or bad input file.
        """

    public static let render = """
        Usage: plumscale render --replay FILE [--at SECONDS] [--size WxH] --out FILE.png [--state FILE.json] [--font FILE]

        Replays every event with t <= SECONDS (default: the whole file) through the core
        and renders, with the software renderer, the frame that would be on screen then.
        --state writes the state document (JSON). No display is needed.
        """

    public static let devices = """
        Usage: plumscale devices

        Lists the touch devices under /dev/input: their axes and ranges, the force mode
        each would give (force, area or position), and why a device cannot be read.
        """
}
