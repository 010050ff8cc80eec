#version 330 core
in vec4 vColor;

uniform float uRoundPoints;  // 1 when drawing points: cut the square sprite to a disc

out vec4 fragColor;

void main() {
    if (uRoundPoints > 0.5 && length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
    fragColor = vec4(pow(clamp(vColor.rgb, 0.0, 1.0), vec3(1.0 / 2.2)), vColor.a);
}
